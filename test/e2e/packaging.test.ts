import { execFile, spawnSync, type SpawnSyncOptions } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onOtherNode } from "../support/onOtherNode.js";

// What a project outside this repository gets: `pnpm pack` of each published
// package, installed with npm into an empty app, then the core README's
// example run there. Needs the packages built (`pnpm install` does it).
// publint, Are the Types Wrong and tsc read the tarballs and declarations, whatever Node runs them:
// only the machine's run makes those checks (test/support/onOtherNode.ts).

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PACKAGES = ["core", "client", "emulator", "cli", "dynamodb", "codemirror"] as const;
type Package = (typeof PACKAGES)[number];

let tmp: string;
let app: string;
const tarballs = new Map<string, string>();
let attwVerdicts: Promise<unknown[]>;

function run(command: string, args: string[], options: SpawnSyncOptions) {
  const r = spawnSync(command, args, { encoding: "utf8", timeout: 120_000, ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${r.status ?? r.error}:\n${r.stderr}`);
  return r as { stdout: string; stderr: string };
}

/** run(), without blocking: for what runs beside npm install. */
function runAsync(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, encoding: "utf8", timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new Error(`${command} ${args.join(" ")} failed (${error.message}):\n${stderr}`));
    });
  });
}

/**
 * Are the Types Wrong on each tarball, offline: @arethetypeswrong/core, the engine of the `attw`
 * command, in one process (one TypeScript loaded, not six), printing a line per tarball. The packages
 * are ES modules only (by design), which attw reports for require() as CJSResolvesToESM; Node 22.12+
 * (their engines; 20.19 too) loads them from require(), which the test "loads every entry point…" checks, so that
 * one finding is set aside, as `attw --ignore-rules cjs-resolves-to-esm` does, and every other is kept.
 */
const ATTW = `import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { readFileSync } from "node:fs";
for (const tgz of process.argv.slice(1)) {
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tgz))));
  const problems = (analysis.problems ?? []).filter((p) => p.kind !== "CJSResolvesToESM");
  console.log(JSON.stringify({ name: analysis.packageName, types: analysis.types?.kind ?? analysis.types, problems }));
}`;

/** Every subpath a package's exports map offers, as a specifier (`@itemfilter/client/redact`). */
function entryPoints(name: Package): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, "packages", name, "package.json"), "utf8")) as { exports: Record<string, unknown> };
  return Object.keys(manifest.exports)
    .filter((subpath) => subpath !== "./package.json")
    .map((subpath) => `@itemfilter/${name}${subpath.slice(1)}`);
}

/** The file list of a tarball (tar is on every machine that runs the suite). */
function contents(tgz: string): string[] {
  return run("tar", ["tzf", tgz], {}).stdout.trim().split("\n").map((f) => f.replace(/^package\//, ""));
}

function packedManifest(tgz: string): Record<string, unknown> {
  return JSON.parse(run("tar", ["xzf", tgz, "-O", "package/package.json"], {}).stdout) as Record<string, unknown>;
}

/** The first ```ts block of the core README's "Compiling" section. */
function readmeExample(): string {
  const readme = readFileSync(join(ROOT, "packages/core/README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Compiling"));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  if (match === null) throw new Error("packages/core/README.md has no ts example under '## Compiling'");
  return match[1]!;
}

/** `// ` comment lines right after line i, unprefixed. */
function commentAfter(lines: string[], i: number): string[] {
  const out: string[] = [];
  for (let j = i + 1; j < lines.length && /^\s*\/\/ ?/.test(lines[j]!); j++) out.push(lines[j]!.replace(/^\s*\/\/ ?/, ""));
  return out;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "itemfilter-pack-"));
  const packs = join(tmp, "packs");
  app = join(tmp, "app");
  mkdirSync(packs);
  mkdirSync(app);
  const filters = PACKAGES.flatMap((p) => ["--filter", `@itemfilter/${p}`]);
  run("npx", ["-y", "pnpm@10", "-r", ...filters, "pack", "--pack-destination", packs], { cwd: ROOT });
  for (const file of readdirSync(packs)) {
    const name = /^itemfilter-(\w+)-\d/.exec(file)?.[1];
    if (name !== undefined) tarballs.set(name, join(packs, file));
  }
  // attw's seconds of TypeScript run beside npm install's waiting on the disk.
  attwVerdicts = onOtherNode ? Promise.resolve([]) : runAsync(process.execPath, ["--input-type=module", "-e", ATTW, ...PACKAGES.flatMap((p) => tarballs.get(p) ?? [])], ROOT).then((out) =>
    out.trim().split("\n").map((line) => JSON.parse(line) as unknown),
  );
  attwVerdicts.catch(() => undefined);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  await runAsync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", "--loglevel=error", ...tarballs.values()], app);
}, 180_000);

afterAll(() => {
  if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
});

describe("the packed packages", () => {
  it("are one tarball per published package", () => {
    expect([...tarballs.keys()].sort()).toEqual([...PACKAGES].sort());
  });

  it("are the ones the root README's pack command packs", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const command = readme.split("\n").find((line) => line.includes(" pack --pack-destination "));
    const packed = [...(command ?? "").matchAll(/--filter @itemfilter\/(\w+)/g)].map((m) => m[1]);
    expect(packed.sort()).toEqual([...PACKAGES].sort());
  });

  it.each(PACKAGES)("@itemfilter/%s carries its license, readme, code and types, and no workspace links", (name) => {
    const tgz = tarballs.get(name)!;
    const files = contents(tgz);
    const manifest = packedManifest(tgz);
    const main = String(manifest.main).replace(/^\.\//, "");
    for (const f of ["package.json", "LICENSE", "README.md", main, "dist/index.d.ts"]) expect(files).toContain(f);
    expect(files.filter((f) => f.endsWith(".tsbuildinfo") || f.includes("/test/"))).toEqual([]);
    expect({ license: manifest.license, repository: (manifest.repository as { directory?: string }).directory }).toEqual({ license: "MIT", repository: `packages/${name}` });
    expect(JSON.stringify(manifest)).not.toContain("workspace:");
    expect(readFileSync(join(ROOT, "packages", name, "LICENSE"), "utf8")).toBe(readFileSync(join(ROOT, "LICENSE"), "utf8"));
  });

  it.skipIf(onOtherNode).each(PACKAGES)("@itemfilter/%s passes publint, suggestions included", async (name) => {
    const tgz = readFileSync(tarballs.get(name)!);
    const tarball = tgz.buffer.slice(tgz.byteOffset, tgz.byteOffset + tgz.byteLength) as ArrayBuffer;
    const { messages } = await publint({ pack: { tarball }, level: "suggestion", strict: true });
    expect(messages).toEqual([]);
  });

  it.skipIf(onOtherNode)("pass Are the Types Wrong in every module resolution (node10, node16 from ESM and CJS, bundler), offline", async () => {
    expect(await attwVerdicts).toEqual(PACKAGES.map((name) => ({ name: `@itemfilter/${name}`, types: "included", problems: [] })));
  });

  it("ships the core pre-bundled (the entry, the parser, what needs no parser, their shared chunk) with no runtime dependencies, and the notices of the code bundled into it", () => {
    const tgz = tarballs.get("core")!;
    expect(packedManifest(tgz).dependencies ?? {}).toEqual({});
    const modules = contents(tgz).filter((f) => f.startsWith("dist/") && f.endsWith(".js"));
    expect(modules.filter((f) => !f.startsWith("dist/chunks/"))).toEqual(["dist/bundle.js", "dist/parse-free.js", "dist/parser.js"]);
    expect(modules.filter((f) => f.startsWith("dist/chunks/")).length).toBeGreaterThanOrEqual(1);
    const notices = readFileSync(join(app, "node_modules/@itemfilter/core/dist/THIRD_PARTY_NOTICES.md"), "utf8");
    expect(notices).toMatch(/^- chevrotain \d+\.\d+\.\d+ \(Apache-2\.0\)/m);
    // Apache-2.0 §4(b): the bundled chevrotain is changed, and the notice says so.
    expect(notices).toContain("The chevrotain code in it is changed");
  });
});

describe("an app that installs them", () => {
  it("loads every entry point of the six packages, as an ES module and from require(), with the names the sources export", async () => {
    const specifiers = PACKAGES.flatMap(entryPoints);
    const program = `import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const names = (m) => Object.keys(m).sort();
for (const s of ${JSON.stringify(specifiers)}) console.log(JSON.stringify([s, names(await import(s)), names(require(s))]));`;
    writeFileSync(join(app, "entries.mjs"), program);
    const r = spawnSync(process.execPath, ["--no-warnings", "entries.mjs"], { cwd: app, encoding: "utf8" });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
    const expected = await Promise.all(specifiers.map(async (s) => { const names = Object.keys((await import(s)) as object).sort(); return [s, names, names]; }));
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l) as unknown)).toEqual(expected);
  });

  it("runs the core README's example with the output the README shows", () => {
    const example = readmeExample();
    const lines = example.split("\n");
    // Each call followed by a comment prints its value; the README's comment is the expected value.
    const checked: { printed: string; expected: unknown }[] = [];
    const program = lines.map((line, i) => {
      const call = /^(compile\w+\(.*\));$/.exec(line);
      if (call === null) return line;
      const comment = commentAfter(lines, i).join(" ");
      checked.push({ printed: "", expected: JSON.parse(comment.replace(/([{,]\s*)(\w+):/g, '$1"$2":')) });
      return `console.log(JSON.stringify(${call[1]}));`;
    });
    expect(checked).toHaveLength(2);
    const errorLine = lines.findIndex((l) => l.includes("console.error(formatDiagnostics("));
    const shown = commentAfter(lines, errorLine);

    writeFileSync(join(app, "example.mjs"), program.join("\n"));
    const r = spawnSync(process.execPath, ["example.mjs"], { cwd: app, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split("\n").map((l) => JSON.parse(l) as unknown)).toEqual(checked.map((c) => c.expected));
    // The comment under console.error starts with exactly what it prints (it may go on to explain more).
    const printed = r.stderr.replace(/\n$/, "").split("\n");
    expect(printed.length).toBeGreaterThan(1);
    expect(shown.slice(0, printed.length)).toEqual(printed);
  });

  it("parses, recovers after syntax errors and offers completions with the parts of chevrotain the bundle leaves out (scripts/chevrotainStubs.mjs)", () => {
    const parser = readFileSync(join(app, "node_modules/@itemfilter/core/dist/parser.js"), "utf8");
    // Chevrotain's grammar validations, default messages and CST builder are not shipped.
    for (const gone of ["Duplicate definition, rule", "Redundant input, expecting EOF", "addNoneTerminalToCst"]) expect(parser).not.toContain(gone);
    // Nor the engine methods only cut DSL methods call, the SUBRULE engine LeanParser replaces, the diagrams' serializer, init tracing, or grammar recording.
    for (const gone of ["saveRecogState(", "raiseEarlyExitException(", "subruleInternalError(", "getSerializedGastProductions(", "serializeGrammar(", "traceInitMaxIdent", "topLevelRuleRecord(", "resolveGrammar("]) expect(parser).not.toContain(gone);
    const program = `import { compileList, suggest } from "@itemfilter/core";
try { compileList("a = 1 and (b > or ) c"); } catch (e) { console.log(JSON.stringify(e.diagnostics.map((d) => [d.code, d.span.start.offset, d.span.end.offset]))); }
console.log(JSON.stringify(compileList("name beginsWith 'ab' and score >= 3")));
console.log(JSON.stringify(suggest("age ", 4).items.slice(0, 2).map((s) => s.label)));`;
    writeFileSync(join(app, "stubs.mjs"), program);
    const r = spawnSync(process.execPath, ["stubs.mjs"], { cwd: app, encoding: "utf8" });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
    const [errors, ok, next] = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as unknown);
    expect(errors).toEqual([["E_SYNTAX", 15, 17], ["E_SYNTAX", 18, 19], ["E_SYNTAX", 20, 21]]);
    expect(ok).toEqual([{ item: "name", operator: "beginsWith", value: "ab" }, { item: "score", operator: "greaterEqual", value: 3 }]);
    expect(next).toEqual(["=", "!="]);
  });

  it.skipIf(onOtherNode)("typechecks the same example as TypeScript against the shipped declarations", () => {
    writeFileSync(join(app, "example.ts"), readmeExample());
    const compilerOptions = { strict: true, noEmit: true, module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2022", "dom"], types: [] };
    writeFileSync(join(app, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["example.ts"] }));
    const r = spawnSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], { cwd: app, encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("runs the itemfilter command", () => {
    const r = spawnSync(process.execPath, [join(app, "node_modules/@itemfilter/cli/bin/itemfilter.mjs"), "compile", "name beginsWith 'ab' and score >= 3"], { cwd: app, encoding: "utf8" });
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
      status: 0,
      stdout: '[{"item":"name","operator":"beginsWith","value":"ab"},{"item":"score","operator":"greaterEqual","value":3}]\n',
      stderr: "",
    });
  });
});
