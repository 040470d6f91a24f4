import { describe, expect, it } from "vitest";
import { compileList, compileQuery, FilterError, plan, validateListFilter, validateQueryFilter, type Diagnostic } from "../src/index.js";
import { MAX_MESSAGE, MAX_QUOTED } from "../src/messages/messageText.js";

// Issue 23: a 16,000-character name came back whole in a message of 16,020
// characters. Quoted text is cut to MAX_QUOTED characters with an ellipsis,
// and no message or hint passes MAX_MESSAGE, whichever module wrote it.

const long = "x".repeat(16_000);
const schema = { attributes: { age: { type: "number" as const }, name: { type: "string" as const }, tags: { array: true } } };

function diagnostics(run: () => unknown): readonly Diagnostic[] {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error.diagnostics;
    throw error;
  }
  throw new Error("expected a FilterError");
}

describe("bounded messages", () => {
  it.each([
    ["an unknown name", () => compileList(`${long} = 1`, { schema })],
    // Did-you-mean compares names by edit distance, so the schema's long name is 300 characters, not 16,000.
    ["a misspelt long name", () => compileList(`${"y".repeat(300)}e = 1`, { schema: { attributes: { ["y".repeat(300)]: {} } } })],
    ["a long name of the wrong type", () => compileList(`${long} beginsWith "a"`, { schema: { attributes: { [long]: { type: "number" } } } })],
    ["a long name on a list attribute", () => compileList(`${long} = "a"`, { schema: { attributes: { [long]: { array: true } } } })],
    ["a long string for a number", () => compileList(`age = "${long}"`, { schema })],
    ["a long number for a string", () => compileList(`name = ${"1".repeat(5000)}`, { schema })],
    ["a long name in a key query", () => compileQuery(`${long} = 1`)],
    ["a long name as the secondary key", () => compileQuery("age = 1", { secondaryKey: long })],
    ["a long name under not", () => compileList(`not (${long} < 3)`)],
    ["a long string under not", () => compileList(`not (a < "${long}")`)],
    ["a long string under not contains", () => compileList(`not (${long} contains "${long}")`)],
    ["a long name after a name", () => compileList(`${long} ${long}`)],
    ["a long word for an operator", () => compileList(`a ${long} 1`)],
    ["a long word for a value", () => compileList(`a = ${long}`)],
    ["a long string after a value", () => compileList(`a = 1 "${long}"`)],
    ["a long bare value", () => compileList(`"${long}"`)],
    ["a long list without commas", () => compileList(`a in ("${long}" "${long}")`)],
    ["a long list without parentheses", () => compileList(`a in "${long}", "${long}"`)],
    ["long curly-quoted text", () => compileList(`a = \u201c${long}\u201d`)],
    ["a long malformed number", () => compileList(`a = 0x${"1".repeat(16_000)}`)],
    ["a long inexact number", () => compileList(`a = ${"9".repeat(400)}`)],
    ["a long string for a number operator", () => compileList(`a < "${long}"`)],
    ["long between bounds", () => compileList(`a between "z${long}" and "a${long}"`)],
    ["a long unknown JSON operator", () => validateListFilter({ item: "a", operator: long, value: 1 })],
    ["a long JSON value", () => validateListFilter({ item: "a", operator: "lessThan", value: long })],
    ["a long JSON member", () => validateQueryFilter({ operator: "equals", value: 1, [long]: 1 })],
    ["a long name in a plan too large", () => plan(`${long} = 1 or b = 1 or c = 1`, { maxRequests: 1 })],
  ])("%s", (_, run) => {
    const found = diagnostics(run);
    expect(found.length).toBeGreaterThan(0);
    for (const d of found) {
      expect(d.message.length).toBeLessThanOrEqual(MAX_MESSAGE);
      expect(d.hint?.length ?? 0).toBeLessThanOrEqual(MAX_MESSAGE);
      // No quoted run of the long text is longer than MAX_QUOTED characters, ellipsis included.
      for (const run of d.message.match(/[xy1-9]{2,}/g) ?? []) expect(run.length).toBeLessThan(MAX_QUOTED);
      for (const value of Object.values(d.params ?? {})) {
        for (const v of Array.isArray(value) ? value : [value]) if (typeof v === "string") expect([...v].length).toBeLessThanOrEqual(MAX_QUOTED);
      }
      for (const fix of d.fixes ?? []) expect(fix.title.length).toBeLessThanOrEqual(MAX_MESSAGE);
    }
  });

  it("shows the cut text with an ellipsis", () => {
    const [d] = diagnostics(() => compileList(`${long} = 1`, { schema }));
    expect(d!.message).toBe(`unknown attribute '${"x".repeat(MAX_QUOTED - 1)}…'`);
    expect(d!.params).toEqual({ name: `${"x".repeat(MAX_QUOTED - 1)}…`, suggestions: [] });
  });

  it("cuts any message at MAX_MESSAGE in FilterError, whichever module wrote it, without splitting a surrogate pair", () => {
    const e = new FilterError([{ code: "E_SYNTAX", message: "\u{1F600}".repeat(400), hint: "h".repeat(400), span: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } } }]);
    const d = e.diagnostics[0]!;
    expect([...d.message]).toHaveLength(MAX_MESSAGE);
    expect(d.message.endsWith("\u{1F600}…")).toBe(true);
    expect(d.hint).toBe("h".repeat(MAX_MESSAGE - 1) + "…");
    expect(d.params).toEqual({});
  });

  it("keeps the whole text in a fix's replacement: only what is shown is cut", () => {
    const name = "y".repeat(300);
    const [d] = diagnostics(() => compileList(`${name}e = 1`, { schema: { attributes: { [name]: {} } } }));
    expect(d!.message).toBe(`unknown attribute '${"y".repeat(39)}…'; did you mean '${"y".repeat(39)}…'?`);
    expect(d!.fixes![0]!.replacement).toBe(name);
  });
});
