import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileList, compileQuery, FilterError, plan, type Diagnostic, type Schema } from "@itemfilter/core";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * With a schema, a did-you-mean never proposes an attribute the schema
 * refuses (issue 40 §3: `2024` offered `key = 2024`, which was then
 * `unknown attribute 'key'`). Texts are drawn from values, names the schema
 * has and has not (`key` among them), operators and `and`/`or`; every fix a
 * refused text offers is applied, and the fixed text must not be refused
 * for an unknown attribute where the fix put its name.
 */
const NAMES = ["key", "ts", "name", "true", "kee", "nme", "Key"] as const;
const TOKENS = ["2024", '"abc"', "true", "false", "=", ">", "and", "or", "(", ")", "in", "beginsWith", ...NAMES.filter((n) => n !== "true").map((n) => n), "`true`"];

const schemaArb: fc.Arbitrary<Schema> = fc.record({
  names: fc.subarray([...NAMES]),
  allowUnknown: fc.boolean(),
}).map(({ names, allowUnknown }) => ({ attributes: Object.fromEntries(names.map((n) => [n, {}])), ...(allowUnknown ? { allowUnknown } : {}) }));

type Mode = "list" | "query" | "plan";

function diagnosticsOf(mode: Mode, text: string, schema: Schema): readonly Diagnostic[] {
  try {
    if (mode === "plan") plan(text, { schema });
    else if (mode === "query") compileQuery(text, { schema });
    else compileList(text, { schema });
    return [];
  } catch (error) {
    if (error instanceof FilterError) return error.diagnostics;
    throw error;
  }
}

describe("did-you-mean under a schema", () => {
  it("never offers a name the schema refuses", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 4 }), schemaArb, fc.constantFrom<Mode>("list", "query", "plan"), (tokens, schema, mode) => {
        const text = tokens.join(" ");
        for (const d of diagnosticsOf(mode, text, schema)) {
          for (const fix of d.fixes ?? []) {
            const at = fix.span.start.offset;
            const fixed = text.slice(0, at) + fix.replacement + text.slice(fix.span.end.offset);
            const refused = diagnosticsOf(mode, fixed, schema).filter((f) => f.code === "E_UNKNOWN_ATTRIBUTE" && f.span.start.offset === at);
            expect({ text, mode, fix: fix.replacement, refused: refused.map((r) => r.message) }).toEqual({ text, mode, fix: fix.replacement, refused: [] });
          }
        }
      }),
      { numRuns: propertyRuns(600) },
    );
  });
});
