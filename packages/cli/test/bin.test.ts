import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "itemfilter.mjs");
const bundle = join(root, "dist-bundle");

/** Runs the built binary as a user would, with a clean environment. */
function spawn(args: string[], input = ""): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { input, encoding: "utf8", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" }, timeout: 20_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  // The bundle is what the binary runs: build it from the current sources.
  const built = spawnSync(process.execPath, [join(root, "scripts", "bundle.mjs")], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`bundle failed: ${built.stderr}`);
});

describe("the built binary", () => {
  it("compiles an argument", () => {
    expect(spawn(["compile", "a = 1"])).toEqual({ status: 0, stdout: '[{"item":"a","operator":"equals","value":1}]\n', stderr: "" });
  });

  it("compiles stdin, one filter per line", () => {
    expect(spawn(["compile", "--lines", "--query"], ">= 1\nkey beginsWith 'x'\n")).toEqual({
      status: 0,
      stdout: '{"operator":"greaterEqual","value":1}\n{"operator":"beginsWith","value":"x"}\n',
      stderr: "",
    });
  });

  it.each([
    [["compile", "a ="], 1],
    [["compile", "--nope"], 2],
    [[], 2],
    [["list", "--table", "nope"], 3],
  ])("%j exits %i", (args, status) => {
    const run = spawn(args);
    expect(run.status).toBe(status);
    expect(run.stdout).toBe("");
    expect(run.stderr).not.toBe("");
  });

  it("lists from the embedded demo data with no setup at all", () => {
    const run = spawn(["list", "--table", "users", "--output", "ndjson", "age >= 30"]);
    const demo = JSON.parse(readFileSync(join(root, "demo", "demo.json"), "utf8")) as { tables: { users: { items: { age: number }[] } } };
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      demo.tables.users.items
        .filter((u) => u.age >= 30)
        .map((u) => `${JSON.stringify(u)}\n`)
        .join(""),
    );
  });
});

describe("the bundle's layout", () => {
  /** The files a module loads before it runs: static imports, followed transitively. */
  function staticClosure(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:from\s*|import\s*)"(\.{1,2}\/[^"]+)"/g)) staticClosure(join(dirname(file), m[1]!), seen);
    return seen;
  }

  it("loads no REPL, emulator or client code for compile, nor yargs for compile EXPR", () => {
    const runCompile = readdirSync(join(bundle, "chunks")).find((f) => /^runCompile-.*\.mjs$/.test(f));
    expect(runCompile).toBeDefined();
    const files = [...staticClosure(join(bundle, "main.mjs")), ...staticClosure(join(bundle, "chunks", runCompile!))];
    const text = files.map((f) => readFileSync(f, "utf8")).join("\n");
    expect(text).toContain("chevrotain");
    for (const marker of ['"readline"', '"node:readline"', '"node:http"', '"http"', "createServer", "E_NETWORK", "node-fetch", "Show help"]) expect(text).not.toContain(marker);
  });
});
