import { FilterError } from "../messages/errors.js";
import type { ListFilter, QueryFilter } from "../values/filters.js";
import { schemaIndex, type Schema } from "../schema/schema.js";
import { checkListFilterJson, checkQueryFilterJson, type ValidateOptions } from "./checkFilterJson.js";
import { applySchemaToJson, type JsonCondition } from "./schemaForJson.js";

export type { ValidateOptions };

/*
 * The public validators: checkFilterJson.ts's checks of operators and value
 * shapes, then, with options.schema, the compilers' schema check. Kept apart
 * so that `matches` (which takes no schema) carries none of the schema code:
 * an app that imports only matches stays small (bench figure 6c).
 */

/** Most diagnostics one error carries, as for the shape checks. */
const MAX_DIAGNOSTICS = 50;

/**
 * Checks listItems filter JSON from elsewhere (a request body) against the
 * service's operator and value-shape tables, and with `options.schema` its
 * names and value types as the compilers check them (aliases become stored
 * names), and returns it as a fresh ListFilter array. Takes one ListFilter
 * object or an array of them. All problems are reported together in one
 * FilterError, each with a JSON path such as `filter[2].value`; nothing else
 * is ever thrown. An `in` list of strings and numbers is E_IN_MIXED_TYPES at
 * its `value`, as the service refuses it, so the emulator is as strict.
 */
export function validateListFilter(json: unknown, options?: ValidateOptions): ListFilter[] {
  checkSchemaOption(options);
  const filters = checkListFilterJson(json, options, "validateListFilter");
  const schema = options?.schema;
  if (schema === undefined) return filters;
  const root = options?.path ?? "filter";
  const pathOf = (i: number): string => (Array.isArray(json) ? `${root}[${i}]` : root);
  const result = applySchemaToJson(
    filters.map((f, i): JsonCondition => ({ ...f, path: pathOf(i) })),
    schema,
  );
  if ("problems" in result) throw new FilterError(result.problems.slice(0, MAX_DIAGNOSTICS));
  return filters.map((f, i) => (result.names[i] === f.item ? f : { ...f, item: result.names[i]! }));
}

/**
 * Checks queryItems filter JSON: one QueryFilter object whose operator is one
 * a key query allows. It has no `item`, because it always tests the secondary
 * key; with `options.schema`, that key is checked under `options.secondaryKey`.
 */
export function validateQueryFilter(json: unknown, options?: ValidateOptions): QueryFilter {
  checkSchemaOption(options);
  const filter = checkQueryFilterJson(json, options, "validateQueryFilter");
  const schema = options?.schema;
  if (schema !== undefined) {
    // As compileQuery: the schema knows the key by its stored name, so only a named secondary key is checked.
    const path = options?.path ?? "filter";
    const result = applySchemaToJson([{ item: options?.secondaryKey ?? null, operator: filter.operator, value: filter.value, path }], schema, "query");
    if ("problems" in result) throw new FilterError(result.problems);
  }
  return filter;
}

/** A bad schema is a TypeError before any filter is looked at, as for the compilers. */
function checkSchemaOption(options: ValidateOptions | undefined): void {
  const schema: Schema | undefined = typeof options === "object" && options !== null ? options.schema : undefined;
  if (schema !== undefined) schemaIndex(schema);
}
