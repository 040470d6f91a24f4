import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The TypeScript examples of the library READMEs that are whole programs (they
 * start with their imports) run as written against the sources: bundled as an
 * app would bundle them, then run by node, ending with exit 0 and no uncaught
 * error (some print diagnostics to stderr on purpose). The files an example
 * reads are made as its comments describe them. Examples that throw on
 * purpose say so in a comment (`// throws`) and are left out here, as are
 * fragments that continue an earlier block.
 * (Command lines are run by packages/cli/test/examples.test.ts; the core
 * README's first example, output included, by packaging.test.ts.)
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const READMES = ["packages/core/README.md", "packages/emulator/README.md", "packages/cli/README.md"];
const tmp = mkdtempSync(join(tmpdir(), "itemfilter-readme-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
// The data files of the emulator README's loader example, as its comments describe them.
mkdirSync(join(tmp, "data"));
writeFileSync(join(tmp, "data/people.ndjson"), '{"id":"a","age":31}\n\n{"id":"b","age":17}\n');
writeFileSync(
  join(tmp, "data/tables.json"),
  JSON.stringify({ tables: { people: { primaryKey: "id", items: "people.ndjson" }, events: { primaryKey: "device", secondaryKey: "ts", items: [{ device: "d1", ts: 5 }] } } }),
);

const examples = READMES.flatMap((file) =>
  [...readFileSync(join(root, file), "utf8").matchAll(/^```ts\n([\s\S]*?)^```/gm)]
    .map((m, i) => ({ file, index: i + 1, code: m[1]! }))
    .filter((e) => e.code.startsWith("import ") && !/\/\/ throws/.test(e.code)),
);

describe("README examples that are whole programs run", () => {
  it("finds them", () => {
    expect(examples.filter((e) => e.file === "packages/core/README.md").length).toBeGreaterThanOrEqual(6);
    expect(examples.filter((e) => e.file === "packages/emulator/README.md").length).toBeGreaterThanOrEqual(1);
  });

  it.each(examples.map((e) => [e.file, e.index, e] as const))("%s, example %i", async (_file, _index, example) => {
    const bundled = await build({
      stdin: { contents: example.code, loader: "ts", resolveDir: join(root, "packages/cli"), sourcefile: "example.ts" },
      bundle: true,
      format: "esm",
      platform: "node",
      write: false,
      logLevel: "silent",
      conditions: ["@itemfilter/source"],
    });
    const file = join(tmp, `example-${example.index}.mjs`);
    writeFileSync(file, bundled.outputFiles[0]!.text);
    // A hang guard, not a speed check: an example runs in well under a second on a quiet machine.
    const run = spawnSync(process.execPath, [file], { cwd: tmp, encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.status).toBe(0);
  });
});
