import fc from "fast-check";
import { compareStrings, foldCase, quoteString, type Schema } from "@itemfilter/core";

/**
 * Text that letter case makes hard (issue 43): mixed case, ß and ẞ (which
 * fold to "ss"), final sigma, Turkish dotted and dotless I, ligatures (ﬁ
 * folds to "fi"), the Kelvin sign, a title-case digraph, astral letters
 * (Deseret), and a decomposed é (NFC first). Items hold `name` (sometimes
 * missing or a number) and a set `tags`, with the folded copies an app
 * writes with foldCase: `nameFolded` and `tagsFolded`.
 */
const PIECES = ["a", "A", "s", "S", "ß", "ẞ", "ss", "SS", "σ", "ς", "Σ", "i", "I", "İ", "ı", "ﬁ", "fi", "FI", "\u212a", "k", "K", "𐐀", "𐐨", "é", "e\u0301", "É", "ǅ", "Ǆ", "ǆ", " "];

export const textArbitrary: fc.Arbitrary<string> = fc.array(fc.constantFrom(...PIECES), { minLength: 0, maxLength: 4 }).map((parts) => parts.join(""));
const valueArbitrary: fc.Arbitrary<string> = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(""));

export interface FoldItem {
  id: string;
  name?: string | number;
  nameFolded?: string;
  tags?: string[];
  tagsFolded?: string[];
}

/** Items with their folded copies, as an app writes them with foldCase; ids are unique. */
export const foldItemsArbitrary: fc.Arbitrary<FoldItem[]> = fc
  .array(
    fc.record({
      name: fc.oneof({ weight: 6, arbitrary: textArbitrary }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(3) }),
      tags: fc.option(fc.uniqueArray(valueArbitrary, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((rows) =>
    rows.map(({ name, tags }, i) => {
      const item: FoldItem = { id: `i${i}` };
      if (name !== undefined) item.name = name;
      if (typeof name === "string") item.nameFolded = foldCase(name);
      if (tags !== undefined) {
        item.tags = tags;
        item.tagsFolded = [...new Set(tags.map(foldCase))];
      }
      return item;
    }),
  );

/** The schema that makes both attributes case-insensitive, with their folded copies. */
export const FOLD_SCHEMA: Schema = { attributes: { id: { type: "string" }, name: { caseInsensitive: true, folded: "nameFolded" }, tags: { caseInsensitive: true, folded: "tagsFolded" } } };

/** One condition, written twice: with fold(…) (no schema needed) and plain, which FOLD_SCHEMA folds. */
const conditionArbitrary: fc.Arbitrary<{ folded: string; plain: string }> = fc.oneof(
  fc.tuple(fc.constantFrom("=", "!=", "<", "<=", ">", ">=", "beginsWith", "contains", "notContains"), valueArbitrary).map(([op, v]) => on("name", `${op} ${quoteString(v)}`)),
  fc.uniqueArray(valueArbitrary, { minLength: 1, maxLength: 3 }).map((vs) => on("name", `in (${vs.map(quoteString).join(", ")})`)),
  // Bounds in the order they fold in, so that the range is not refused as reversed.
  fc.tuple(valueArbitrary, valueArbitrary).map(([a, b]) => {
    const [lo, hi] = [a, b].sort((x, y) => compareStrings(foldCase(x), foldCase(y)));
    return on("name", `between ${quoteString(lo!)} and ${quoteString(hi!)}`);
  }),
  fc.tuple(fc.constantFrom("contains", "notContains"), valueArbitrary).map(([op, v]) => on("tags", `${op} ${quoteString(v)}`)),
  fc.constantFrom("name is null", "name is not null", "size(name) > 2").map((t) => ({ folded: t, plain: t })),
);

function on(attribute: string, operation: string): { folded: string; plain: string } {
  return { folded: `fold(${attribute}) ${operation}`, plain: `${attribute} ${operation}` };
}

/** Conditions in and/or/not, a few deep. */
export const foldFilterArbitrary: fc.Arbitrary<{ folded: string; plain: string }> = fc.letrec<{ f: { folded: string; plain: string } }>((tie) => ({
  f: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 4, arbitrary: conditionArbitrary },
    fc.tuple(tie("f"), fc.constantFrom("and", "or"), tie("f")).map(([a, op, b]) => ({ folded: `(${a.folded}) ${op} (${b.folded})`, plain: `(${a.plain}) ${op} (${b.plain})` })),
    tie("f").map((a) => ({ folded: `not (${a.folded})`, plain: `not (${a.plain})` })),
  ),
})).f;
