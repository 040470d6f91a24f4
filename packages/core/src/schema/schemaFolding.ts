import type { AttributeNode } from "../syntax/ast.js";
import type { NamePath } from "../scan/readNamePath.js";
import { describeValue } from "../values/checkArgument.js";
import { quotePath } from "../scan/quote.js";
import type { AttributeSchema, ResolvedAttribute, SchemaIndex } from "./schema.js";

/*
 * A schema's letter case (grammar/semantics.md, "Letter case"): an attribute
 * marked `caseInsensitive` compares folded text, and where it names a
 * `folded` copy, its conditions are sent on that copy with the value folded.
 * Here: reading and checking those options; the rewrite, which needs
 * foldCase's table, is foldBySchema.ts, so what only checks names (filter
 * JSON) carries no table.
 */

/** The schema entry's folding, checked, as ResolvedAttribute members. */
export function foldingOf(spec: AttributeSchema, schemaName: (key: string) => NamePath): Pick<ResolvedAttribute, "caseInsensitive" | "folded"> {
  if (spec.caseInsensitive !== true) return {};
  return spec.folded === undefined ? { caseInsensitive: true } : { caseInsensitive: true, folded: schemaName(spec.folded) };
}

/** Checks `caseInsensitive` and `folded`; SCHEMA is schema.ts's summary of a schema, which every such TypeError starts with. */
export function checkFolding(name: string, spec: AttributeSchema, SCHEMA: string): void {
  const { caseInsensitive, folded, type } = spec;
  if (caseInsensitive !== undefined && typeof caseInsensitive !== "boolean") {
    throw new TypeError(`${SCHEMA}: 'caseInsensitive' of ${JSON.stringify(name)} is a boolean or absent, not ${describeValue(caseInsensitive)}`);
  }
  if (caseInsensitive === true && type !== undefined && type !== "string") {
    throw new TypeError(`${SCHEMA}: ${JSON.stringify(name)} is caseInsensitive, so its type is "string" or absent, not ${describeValue(type)}`);
  }
  if (folded === undefined) return;
  if (typeof folded !== "string" || folded === "") {
    throw new TypeError(`${SCHEMA}: 'folded' of ${JSON.stringify(name)} names the attribute holding foldCase of it, a non-empty string, not ${describeValue(folded)}`);
  }
  if (caseInsensitive !== true) {
    throw new TypeError(`${SCHEMA}: 'folded' of ${JSON.stringify(name)} is read only with caseInsensitive: true; add it, or leave 'folded' out`);
  }
  if (folded === name) throw new TypeError(`${SCHEMA}: 'folded' of ${JSON.stringify(name)} names another attribute, which holds foldCase of it`);
}

/**
 * Every `folded` copy is an attribute of the schema: a string whose
 * conditions compare folded values. So a filter compiled onto it validates
 * against the same schema, and applying the schema again changes nothing.
 */
export function addFoldedCopies(index: SchemaIndex, SCHEMA: string): void {
  // Each stored attribute once: aliases resolve to the same entry under another name.
  const stored = new Set([...index.names.values(), ...index.paths.values()]);
  for (const resolved of stored) {
    const copy = resolved.folded;
    if (copy === undefined) continue;
    const written = resolved.path === undefined ? resolved.name : quotePath(resolved.name, resolved.path);
    const listed = index.resolvePath(copy.name, copy.path);
    if (listed !== undefined && listed.name === copy.name && (listed.path ?? []).join("\u0000") === (copy.path ?? []).join("\u0000")) {
      if (listed.type !== undefined && listed.type !== "string") {
        throw new TypeError(`${SCHEMA}: ${JSON.stringify(written)} is folded into ${JSON.stringify(quotePath(copy.name, copy.path ?? []))}, so that attribute's type is "string" or absent`);
      }
      listed.foldedCopy = true;
    } else index.addStored(copy, { ...copy, type: "string", foldedCopy: true });
  }
}

/** The attribute renamed to a stored name (and path), at the written one's span. */
export function renamedAttribute(attr: AttributeNode, stored: NamePath): AttributeNode {
  const { path: _written, ...top } = attr;
  return stored.path === undefined ? { ...top, name: stored.name } : { ...top, name: stored.name, path: stored.path };
}
