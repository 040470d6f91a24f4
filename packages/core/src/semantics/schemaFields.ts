import { renderMessage } from "../messages/renderMessage.js";
import { quotePath } from "../scan/quote.js";
import { schemaIndex, type Schema } from "../schema/schema.js";
import type { FieldPath } from "./pickFields.js";

/**
 * The fields an app asks for, checked against its schema as a filter's
 * attributes are: a field the schema does not list (by name, alias or a path
 * under a listed attribute) is refused, unless the schema has allowUnknown,
 * so the schema bounds what is read out of an item as it bounds what is
 * tested. Aliases become the stored names. Throws a TypeError naming every
 * unknown field, with the names it is close to.
 */
export function schemaFields(fields: readonly FieldPath[], schema: Schema | undefined): FieldPath[] {
  if (schema === undefined) return [...fields];
  const index = schemaIndex(schema);
  const unknown: string[] = [];
  const out = fields.map((field): FieldPath => {
    const [name, ...rest] = field;
    const resolved = index.resolvePath(name, rest.length === 0 ? undefined : rest);
    if (resolved === undefined) {
      if (schema.allowUnknown !== true) unknown.push(quotePath(name, rest.length === 0 ? undefined : rest));
      return field;
    }
    return [resolved.name, ...(resolved.path ?? [])];
  });
  if (unknown.length > 0) {
    const problems = unknown.map((written) => renderMessage("E_UNKNOWN_ATTRIBUTE", { name: written, suggestions: index.didYouMean(written) }));
    throw new TypeError(`fields: ${problems.join("; ")}; a field must be an attribute the schema lists, as a filter's must`);
  }
  return out;
}
