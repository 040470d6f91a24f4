import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FilterError } from "@itemfilter/core";
import { compileDynamo, planDynamo } from "@itemfilter/dynamodb";

/**
 * Golden cases of @itemfilter/dynamodb (test/golden/*.json): input, mode
 * ("compile" or "plan") and options, then the exact output, or the error code,
 * span (offsets, end exclusive) and, where given, the exact message and params.
 */
interface GoldenCase {
  input: string;
  mode?: "compile" | "plan";
  options?: Record<string, unknown>;
  output?: unknown;
  error?: { code: string; span: [number, number]; message?: string; params?: Record<string, unknown> };
  note?: string;
}

const dir = fileURLToPath(new URL("./golden/", import.meta.url));
const cases = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap((file) => (JSON.parse(readFileSync(dir + file, "utf8")) as { cases: GoldenCase[] }).cases.map((c) => ({ ...c, name: `${file}: ${c.mode ?? "compile"} ${JSON.stringify(c.input.length > 80 ? c.input.slice(0, 79) + "…" : c.input)}` })));

const run = (c: GoldenCase): unknown => (c.mode === "plan" ? planDynamo(c.input, c.options) : compileDynamo(c.input, c.options));

describe("golden cases", () => {
  it.each(cases)("$name", (c) => {
    if (c.error === undefined) {
      expect(run(c)).toEqual(c.output);
      return;
    }
    let error: unknown;
    try {
      run(c);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    const d = (error as FilterError).diagnostics[0]!;
    expect(d.code).toBe(c.error.code);
    expect([d.span.start.offset, d.span.end.offset]).toEqual(c.error.span);
    if (c.error.message !== undefined) expect(d.message).toBe(c.error.message);
    if (c.error.params !== undefined) expect(d.params).toEqual(c.error.params);
    // Our own errors (those with params) say what to do next; syntax errors are core's.
    if (c.error.params !== undefined) expect(typeof d.hint).toBe("string");
  });
});
