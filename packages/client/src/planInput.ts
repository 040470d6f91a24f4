import { decompile, validateListFilter, type FilterInput, type ListFilter, type ParseOptions } from "@itemfilter/core";
import { isTree } from "./buildRequest.js";

/**
 * What core's plan takes, for a filter given as text, a parsed document, or
 * ListFilter JSON (one object or an array, as a filter box's editor hands
 * it over). JSON is checked first, against the schema when there is one
 * (core's validateListFilter), then written as text: so it is planned, and
 * refused, exactly as the same filter typed.
 */
export function planInput(filter: FilterInput | ListFilter | readonly ListFilter[], options: ParseOptions | undefined): FilterInput {
  if (typeof filter === "string" || isTree(filter)) return filter as FilterInput;
  const checked = validateListFilter(filter, {
    ...(options?.schema === undefined ? {} : { schema: options.schema }),
    ...(options?.maxInValues === undefined ? {} : { maxInValues: options.maxInValues }),
  });
  return checked.length === 0 ? "" : decompile(checked);
}
