import type { ListFilter, QueryFilter } from "../values/filters.js";
import { checkCountOption, checkOptions, checkStringOption, describeValue } from "../values/checkArgument.js";
import { writeListFilters, writeQueryFilter } from "../print/writeFilterJson.js";
import { validateListFilter, validateQueryFilter } from "../semantics/validate.js";

export interface DecompileOptions {
  /**
   * How to read a single object: "list" for a ListFilter, "query" for a
   * QueryFilter. By default an object with an `item` member is a ListFilter
   * and one without is a QueryFilter; an array is always ListFilter[].
   */
  mode?: "list" | "query";
  /** Most values in one `in` list. Default 100, as the service takes. */
  maxInValues?: number;
  /** The name JSON paths in diagnostics start with. Default "filter". */
  path?: string;
}

/**
 * Turns filter JSON back into text: a ListFilter, a ListFilter[] (written
 * joined with `and`) or a QueryFilter (written with the subject `key`). The
 * JSON is validated first, so bad input is a FilterError whose diagnostics
 * carry JSON paths such as `filter[2].value`.
 *
 * Round trips are exact: `compileList(decompile(f))` deep-equals `f` for an
 * array (`[f]` for one object), and `compileQuery(decompile(q))` deep-equals
 * `q`. Values of `in` keep their order and repeats; a scalar `in` value is
 * written `in ("x")` and a one-element array `in ["x"]`, since brackets are
 * what make the compiled value an array. Text for a long array can exceed
 * compileList's default limits (maxLength, maxPredicates); compile it with the
 * same raised limits the JSON came with.
 */
export function decompile(filter: ListFilter | readonly ListFilter[] | QueryFilter, options?: DecompileOptions): string {
  if (options !== undefined) checkDecompileOptions(options);
  const validate = { path: options?.path ?? "filter", ...(options?.maxInValues === undefined ? {} : { maxInValues: options.maxInValues }) };
  if (isQuery(filter, options?.mode)) return writeQueryFilter(validateQueryFilter(filter, validate));
  return writeListFilters(validateListFilter(filter, validate));
}

function checkDecompileOptions(options: unknown): void {
  checkOptions("decompile", options, "mode, maxInValues, path");
  if (options === null) return;
  const { mode, maxInValues, path } = options as DecompileOptions;
  if (mode !== undefined && mode !== "list" && mode !== "query") {
    throw new TypeError(`decompile: options.mode is "list" or "query", not ${describeValue(mode)}`);
  }
  checkCountOption("decompile", "maxInValues", maxInValues);
  checkStringOption("decompile", "path", path);
}

function isQuery(filter: unknown, mode: "list" | "query" | undefined): boolean {
  if (mode !== undefined) return mode === "query";
  if (typeof filter !== "object" || filter === null || Array.isArray(filter)) return false;
  return !Object.hasOwn(filter, "item");
}

