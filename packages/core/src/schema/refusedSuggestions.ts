import { schemaIndex, type Schema } from "./schema.js";
import { FilterError, type Diagnostic } from "../messages/errors.js";
import { renderMessage } from "../messages/renderMessage.js";

/**
 * The syntax errors of a filter read with a schema, without a did-you-mean
 * that names an attribute the schema refuses: the parser offers `key = 2024`
 * for a bare `2024`, and `` `true` `` for a bare `true`, which the schema
 * would then refuse as `unknown attribute 'key'`. Such a diagnostic keeps
 * its code, span and what was expected and found, without the suggestion or
 * its fix. `taken` names what the caller accepts beside the schema's names
 * (compileQuery: `key`, the key query's subject).
 */
export function withoutRefusedNames(error: unknown, schema: Schema, taken: readonly string[] = []): unknown {
  if (!(error instanceof FilterError)) return error;
  let accepts: (name: string) => boolean;
  try {
    const index = schemaIndex(schema);
    accepts = (name) => index.schema.allowUnknown === true || taken.some((t) => t.toLowerCase() === name.toLowerCase()) || index.resolvePath(name, undefined) !== undefined;
  } catch {
    // A malformed schema is the schema check's TypeError, after the parse; the parse error stands as it is.
    return error;
  }
  let changed = false;
  const diagnostics = error.diagnostics.map((d): Diagnostic => {
    const name = suggestedName(d);
    if (name === undefined || accepts(name)) return d;
    changed = true;
    const params = { kind: "expected", expected: d.params?.expected ?? ["condition"], found: d.params?.found ?? "" };
    const { fixes: _fixes, ...rest } = d;
    return { ...rest, message: renderMessage("E_SYNTAX", params), params };
  });
  return changed ? new FilterError(diagnostics) : error;
}

/** The attribute name a syntax error's suggestion starts its condition with, if it makes one up. */
function suggestedName(d: Diagnostic): string | undefined {
  if (d.code !== "E_SYNTAX") return undefined;
  const kind = d.params?.kind;
  if (kind === "keyValue") return "key";
  if (kind === "booleanName" && typeof d.params?.found === "string") return d.params.found;
  return undefined;
}
