import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onOtherNode } from "../support/onOtherNode.js";

/**
 * Every TypeScript example of the package READMEs type-checks as an app
 * writes it, under `tsc --strict`, each as a file of its own, against the
 * sources (the export condition vitest uses). A block that starts with its
 * imports is a whole program; any other ```ts block continues the whole
 * program before it in the same README (so `client` and `view` are the ones
 * made there), and is checked as that program followed by the block.
 * Declarations that only show a signature are fenced ```ts signature and are
 * not programs. (readmeExamples.test.ts runs the whole programs that need no
 * service; the CodeMirror one runs in test/browser.) A typecheck's answer is
 * the same whatever Node runs it: only the machine's run makes it.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));
const READMES = readdirSync(join(root, "packages"))
  .map((name) => `packages/${name}/README.md`)
  .filter((file) => {
    try {
      readFileSync(join(root, file));
      return true;
    } catch {
      return false;
    }
  });
const DIR = ".readme-types";

interface Example {
  file: string;
  index: number;
  /** Where the example is written: beside its package, so its imports resolve as that package's would. */
  path: string;
  code: string;
}

const examples: Example[] = READMES.flatMap((file) => {
  const blocks = [...readFileSync(join(root, file), "utf8").matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  let program: string | undefined;
  return blocks.map((block, i) => {
    if (block.startsWith("import ")) program = block;
    const code = block.startsWith("import ") ? block : `${program ?? ""}\n// ---- continued ----\n${block}`;
    return { file, index: i + 1, path: join(root, file.replace(/README\.md$/, ""), DIR, `example-${i + 1}.ts`), code };
  });
});

const errors = new Map<string, string[]>();
const tsconfig = join(root, DIR, "tsconfig.json");

beforeAll(() => {
  if (onOtherNode) return;
  for (const e of examples) {
    mkdirSync(join(e.path, ".."), { recursive: true });
    writeFileSync(e.path, e.code);
  }
  mkdirSync(join(root, DIR), { recursive: true });
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        lib: ["ES2022", "DOM", "DOM.Iterable"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        types: ["node"],
        customConditions: ["@itemfilter/source"],
        skipLibCheck: true,
      },
      files: examples.map((e) => e.path),
    }),
  );
  const run = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", tsconfig, "--strict", "--pretty", "false"], { cwd: root, encoding: "utf8", timeout: 170_000 });
  for (const line of `${run.stdout}${run.stderr}`.split("\n")) {
    const m = /^(.+?)\(\d+,\d+\): error /.exec(line);
    if (m === null) continue;
    const at = join(root, m[1]!);
    errors.set(at, [...(errors.get(at) ?? []), line]);
  }
  // Errors outside the examples (a source that no longer type-checks) count against every example.
  const elsewhere = [...errors.keys()].filter((p) => !examples.some((e) => e.path === p));
  for (const e of examples) if (elsewhere.length > 0) errors.set(e.path, [...(errors.get(e.path) ?? []), ...elsewhere.flatMap((p) => errors.get(p)!)]);
  if (run.status !== 0 && errors.size === 0) throw new Error(`tsc failed without a located error: ${run.stdout}${run.stderr}`);
}, 180_000);

afterAll(() => {
  if (onOtherNode) return;
  rmSync(join(root, DIR), { recursive: true, force: true });
  for (const file of READMES) rmSync(join(root, file.replace(/README\.md$/, ""), DIR), { recursive: true, force: true });
});

describe.skipIf(onOtherNode)("README TypeScript examples type-check with tsc --strict, each as a file of its own", () => {
  it("finds them", () => {
    expect(examples.filter((e) => e.file === "packages/client/README.md").length).toBeGreaterThanOrEqual(8);
    expect(examples.filter((e) => e.file === "packages/core/README.md").length).toBeGreaterThanOrEqual(10);
  });

  it.each(examples.map((e) => [e.file, e.index, e] as const))("%s, example %i", (_file, _index, example) => {
    expect(errors.get(example.path) ?? [], example.code).toEqual([]);
  });
});
