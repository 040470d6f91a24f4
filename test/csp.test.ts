import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// The shipped core bundle (dist/bundle.js, chevrotain inside) must run where code generation from strings is forbidden,
// as under a strict Content-Security-Policy: no eval, no new Function, in us or in chevrotain.
it("the built core runs under --disallow-code-generation-from-strings", () => {
  const entry = fileURLToPath(new URL("../packages/core/dist/bundle.js", import.meta.url));
  const script = `
    const core = await import(${JSON.stringify(entry)});
    const out = core.compileList('name beginsWith "ab" and not (a in (1, 2))');
    const q = core.compileQuery("key >= 1 and key <= 5");
    let code = "none";
    try { core.compileList("a ="); } catch (e) { code = e.code; }
    console.log(JSON.stringify({ out, q, code }));
  `;
  const run = spawnSync(process.execPath, ["--disallow-code-generation-from-strings", "--input-type=module", "-e", script], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(JSON.parse(run.stdout)).toEqual({
    out: [
      { item: "name", operator: "beginsWith", value: "ab" },
      { item: "a", operator: "notEquals", value: 1 },
      { item: "a", operator: "notEquals", value: 2 },
    ],
    q: { operator: "between", value: [1, 5] },
    code: "E_SYNTAX",
  });
});
