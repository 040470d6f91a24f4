import { format, parse, type FilterDocument, type FilterInput, type ParseOptions } from "@itemfilter/core";

/**
 * Text is parsed; a tree is validated and written out by core's `format`,
 * then parsed back, so both go through the same checks and limits, and every
 * error carries a span (of the canonical text, for a tree).
 */
export function toDocument(filter: FilterInput, options?: ParseOptions): FilterDocument {
  if (typeof filter === "string") return parse(filter, options);
  const { schema: _schema, ...limits } = options ?? {};
  return parse(format(filter, limits), options);
}
