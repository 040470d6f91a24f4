import { foldCase, type Schema } from "@itemfilter/core";
import type { Item } from "@itemfilter/emulator";
import { usageError } from "../cliError.js";

/** One attribute a schema folds, and the copy that holds its folded text. */
interface Copy {
  name: string;
  folded: string;
}

/**
 * The folded copies a schema names (`caseInsensitive: true, folded: "…"`),
 * top-level attributes only: load writes each item with them, as an app
 * does with foldCase, so a filter on a case-insensitive attribute is sent on
 * its copy and DynamoDB answers it exactly (grammar/semantics.md, "Letter case").
 */
export function foldedCopies(schema: Schema, file: string): Copy[] {
  const copies: Copy[] = [];
  for (const [name, spec] of Object.entries(schema.attributes)) {
    if (spec.caseInsensitive !== true || spec.folded === undefined) continue;
    if (/[.[`]/.test(name) || /[.[`]/.test(spec.folded)) {
      throw usageError(`the schema file '${file}' folds '${name}' into '${spec.folded}'; load writes folded copies of top-level attributes only`);
    }
    copies.push({ name, folded: spec.folded });
  }
  return copies;
}

/** The item with each copy set to foldCase of its attribute's text (a string, or the strings of a set), and left out where there is none. */
export function withFoldedCopies(item: Item, copies: readonly Copy[]): Item {
  if (copies.length === 0) return item;
  const out: Record<string, unknown> = { ...item };
  for (const { name, folded } of copies) {
    const value = Object.hasOwn(item, name) ? item[name] : undefined;
    delete out[folded];
    if (typeof value === "string") out[folded] = foldCase(value);
    // A set of strings folds to the set of its folded strings: two that fold alike are one element.
    else if (Array.isArray(value)) out[folded] = [...new Set(value.map((v) => (typeof v === "string" ? foldCase(v) : v)))];
  }
  return out as Item;
}
