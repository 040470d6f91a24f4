import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileList, compileQuery, explainMatch, FilterError, formatExplanation, parseJson, plan, stringifyJson } from "@itemfilter/core";

/**
 * Drives every golden case under test/golden: input, mode and options, then
 * either the exact output (compiled JSON, or for mode "plan" the whole Plan)
 * or the error code, span (offsets, end exclusive), and where given the
 * exact message, hint, params, fixes (spans as offsets) and diagnostic count.
 * Where `params` is given, the first diagnostic's hint (absent when the case
 * has none) and fixes are checked exactly too: they are the contract an app
 * words its own messages and offers its fixes from.
 */
interface GoldenCase {
  input: string;
  mode?: "list" | "query" | "plan" | "why";
  /** For mode "why": the item explainMatch explains. */
  item?: unknown;
  options?: Record<string, unknown>;
  output?: unknown;
  error?: {
    code: string;
    span: [number, number];
    message?: string;
    hint?: string;
    params?: Record<string, unknown>;
    fixes?: { title: string; span: [number, number]; replacement: string }[];
    count?: number;
  };
  note?: string;
}

const dir = fileURLToPath(new URL("./golden/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
const cases = files.flatMap((file) => {
  // Read exactly: a golden number past a double (a 19-digit id) is an ExactNumber, as compileList makes it.
  const data = parseJson(readFileSync(dir + file, "utf8")) as { cases: GoldenCase[] };
  return data.cases.map((c) => ({ ...c, name: `${file}: ${c.mode ?? "list"} ${JSON.stringify(c.input)}` }));
});

function run(c: GoldenCase): unknown {
  if (c.mode === "plan") return plan(c.input, c.options);
  if (c.mode === "why") return why(c.input, c.item, c.options);
  return c.mode === "query" ? compileQuery(c.input, c.options) : compileList(c.input, c.options);
}

/**
 * An explanation as a golden file holds it: each deciding condition with the
 * text its span covers instead of the span, and the frame formatExplanation prints.
 */
export function why(input: string, item: unknown, options?: Record<string, unknown>): unknown {
  const e = explainMatch(input, item, options);
  return {
    matched: e.matched,
    predicates: e.predicates.map(({ span, ...rest }) => ({ text: input.slice(span.start.offset, span.end.offset), ...rest })),
    frame: formatExplanation(input, e).split("\n"),
  };
}

describe("golden cases", () => {
  it("has cases", () => {
    expect(cases.length).toBeGreaterThan(250);
  });

  it.each(cases)("$name", (c) => {
    if (c.error === undefined) {
      const out = run(c);
      expect(out).toEqual(c.output);
      // A plan is plain JSON, so the golden file holds it exactly.
      if (c.mode === "plan") expect(parseJson(stringifyJson(out))).toEqual(out);
      return;
    }
    let caught: unknown;
    try {
      run(c);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    const e = caught as FilterError;
    const first = e.diagnostics[0]!;
    expect({ code: e.code, span: [first.span.start.offset, first.span.end.offset] }).toEqual({ code: c.error.code, span: c.error.span });
    if (c.error.message !== undefined) expect(first.message).toBe(c.error.message);
    if (c.error.hint !== undefined) expect(first.hint).toBe(c.error.hint);
    if (c.error.params !== undefined) expect(first.params).toEqual(c.error.params);
    if (c.error.fixes !== undefined) {
      const fixes = (first.fixes ?? []).map((f) => ({ title: f.title, span: [f.span.start.offset, f.span.end.offset], replacement: f.replacement }));
      expect(fixes).toEqual(c.error.fixes);
    }
    if (c.error.count !== undefined) expect(e.diagnostics.length).toBe(c.error.count);
    if (c.error.params !== undefined) {
      const fixes = first.fixes?.map((f) => ({ title: f.title, span: [f.span.start.offset, f.span.end.offset], replacement: f.replacement }));
      expect({ hint: first.hint, params: first.params, fixes }).toEqual({ hint: c.error.hint, params: c.error.params, fixes: c.error.fixes });
    }
  });
});
