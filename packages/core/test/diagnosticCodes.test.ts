import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every error code has a row in the core README's diagnostics table, with its
// params: an app words or translates messages from `code` and `params`, so a
// code without a row is a code it cannot handle. The codes are read from the
// ErrorCode union in the source, so a new code fails here until documented.

const source = readFileSync(new URL("../src/messages/errors.ts", import.meta.url), "utf8");
const union = /export type ErrorCode =([\s\S]*?);/.exec(source)![1]!;
const codes = [...union.matchAll(/"(E_[A-Z_]+)"/g)].map((m) => m[1]!);

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const section = /## Diagnostics: messages, hints, params, fixes\n([\s\S]*?)\n## /.exec(readme)![1]!;
const rows = [...section.matchAll(/^\| `(E_[A-Z_]+)` \| [^|]* \| ([^\n]+) \|$/gm)].map((m) => ({ code: m[1]!, params: m[2]! }));

describe("the core README documents every error code's params", () => {
  it("reads the codes from the source", () => {
    expect(codes.length).toBeGreaterThanOrEqual(16);
  });

  it.each(codes)("%s has a row", (code) => {
    const row = rows.find((r) => r.code === code);
    expect(row, `add a row for ${code} to the table in packages/core/README.md#diagnostics-messages-hints-params-fixes`).toBeDefined();
    expect(row!.params.trim()).not.toBe("");
  });

  it("has no row for a code that does not exist", () => {
    expect(rows.map((r) => r.code).filter((c) => !codes.includes(c))).toEqual([]);
  });
});
