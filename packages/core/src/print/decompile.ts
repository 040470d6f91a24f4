import type { AttributeNode, FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import type { ListFilter, QueryFilter, Scalar } from "../compile/filters.js";
import { checkCountOption, checkOptions, checkStringOption, describeValue } from "../checkArgument.js";
import { format } from "./format.js";
import { NO_SPAN } from "../syntax/location.js";
import type { Operator } from "../operators.js";
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

/** The subject a decompiled key query is written with; compileQuery accepts it whatever the key's real name. */
const QUERY_SUBJECT = "key";

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
  if (isQuery(filter, options?.mode)) {
    const q = validateQueryFilter(filter, validate);
    return format(predicate(QUERY_SUBJECT, q.operator, q.value));
  }
  const list = validateListFilter(filter, validate);
  if (list.length === 0) return "";
  const predicates = list.map((f) => predicate(f.item, f.operator, f.value));
  const body: FilterNode = predicates.length === 1 ? predicates[0]! : { type: "And", operands: predicates, span: NO_SPAN };
  return format(body);
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

function predicate(name: string, operator: Operator, value: Scalar | readonly Scalar[] | undefined): PredicateNode {
  const attribute: AttributeNode = { type: "Attribute", name, span: NO_SPAN };
  const base = { type: "Predicate" as const, attribute, operator, operatorSpan: NO_SPAN, span: NO_SPAN };
  if (value === undefined) return base;
  if (operator === "in") {
    // One array element needs brackets to compile back to an array; a scalar is written `in (x)`.
    if (!Array.isArray(value)) return { ...base, value: [literal(value as Scalar)] };
    const values = value.map(literal);
    return values.length === 1 ? { ...base, value: values, brackets: true } : { ...base, value: values };
  }
  return { ...base, value: Array.isArray(value) ? value.map(literal) : literal(value as Scalar) };
}

function literal(value: Scalar): LiteralNode {
  return typeof value === "string" ? { type: "String", value, span: NO_SPAN } : { type: "Number", value, span: NO_SPAN };
}
