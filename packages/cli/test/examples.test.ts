import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadTablesFromFile } from "@itemfilter/emulator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynamoBackend, type DynamoBackend } from "../../../test/support/dynamoBackend.js";
import { runCli, startServe, type CliRun } from "./runCli.js";

/**
 * Every example a newcomer meets, in every --help and in the READMEs, runs as
 * shown against the embedded demo data and returns something (exit 0 and
 * output that is not empty nor `[]`), unless it shows an error on purpose.
 * Examples are extracted from the text people read, not from a list kept
 * beside it, so a new example is tested the day it is written.
 */

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const READMES = ["README.md", "packages/cli/README.md", "packages/client/README.md", "packages/emulator/README.md"];
/** Commands whose --help is laid out by this package (one example per line, after a "# what" line). */
const HELP_COMMANDS = [[], ["compile"], ["list"], ["query"], ["serve"], ["load"], ["repl"], ["find"], ["why"], ["playground"]];

/**
 * Examples on DynamoDB name DynamoDB Local at the README's address; here they
 * go to this file's database in the run's DynamoDB Local (on a free port) with
 * the demo tables loaded, and the AWS SDK gets the README's variables (it reads
 * process.env itself).
 */
const DYNAMODB_LOCAL = "http://127.0.0.1:8000";
const needsDynamo = (line: string): boolean => line.includes("--dynamodb-endpoint");
const README_AWS_NAMES = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"];
let dynamo: DynamoBackend | undefined;
const savedEnv = Object.fromEntries(README_AWS_NAMES.map((name) => [name, process.env[name]]));

/** The files examples name, as a reader would have them. */
const fixtures = mkdtempSync(join(tmpdir(), "itemfilter-examples-"));
writeFileSync(join(fixtures, "schema.json"), JSON.stringify({ attributes: { age: { type: "number", aliases: ["years"] }, name: { type: "string" }, plan: { type: "string" } } }));
writeFileSync(join(fixtures, "filters.txt"), "age >= 30\nplan = \"pro\"\n");
writeFileSync(join(fixtures, "items.json"), JSON.stringify({ tables: { pets: { primaryKey: "id", items: [{ id: 1, kind: "cat" }, { id: 2, kind: "dog" }] } } }));
writeFileSync(join(fixtures, "items.ndjson"), '{"id":1,"kind":"cat"}\n{"id":2,"kind":"dog"}\n');
// An access file for serve --access: one key on the demo orders of one customer (its token's SHA-256, as the README shows).
writeFileSync(
  join(fixtures, "access.json"),
  JSON.stringify({ credentials: [{ applicationKey: "shop-u001", authenticationTokenSha256: "5e3b8f4c3b7e5a8c5b0e6e43f2b9c1b5a7c9d0e1f2a3b4c5d6e7f8091a2b3c4d", tables: { orders: { scope: 'customer = "u001"' }, products: {} } }] }),
);

interface Example {
  /** Where it was found, for the test's name. */
  where: string;
  line: string;
  /** What the text shows it prints, when it does (a `# …` line after it, or the lines after a `$ ` prompt). */
  shown?: string;
}

interface Invocation {
  env: Record<string, string>;
  argv: string[];
  input: string | undefined;
  stdinFile: string | undefined;
}

/** Shell words with '…' and "…" quoting, as the examples use them; `|`, `<`, `&&` and `#` stay separate words. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = "";
      for (i++; line[i] !== '"'; i++) text += line[i] === "\\" ? line[++i] : line[i];
      word = (word ?? "") + text;
    } else if (c === " ") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "#" && word === undefined) {
      break;
    } else if ((c === "|" || c === "<") && word === undefined) {
      words.push(c);
    } else word = (word ?? "") + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

const LAUNCHERS = [["itemfilter"], ["npx", "-y", "pnpm@10", "-s", "itemfilter"], ["npx", "-y", "pnpm@10", "itemfilter"], ["pnpm", "-s", "itemfilter"], ["pnpm", "itemfilter"], ["node", "packages/cli/bin/itemfilter.mjs"]];

/** The itemfilter command in a line (after any `cmd &&`), with its environment and stdin; undefined when there is none. */
function invocation(line: string): Invocation | undefined {
  const part = line.split(" && ").find((p) => /(^|\s|\|\s*)((npx -y pnpm@10 (-s )?|pnpm (-s )?)?itemfilter|node packages\/cli\/bin\/itemfilter\.mjs)(\s|$)/.test(p) && !/pnpm@10 (install|test)/.test(p));
  if (part === undefined) return undefined;
  let words = shellWords(part);
  let input: string | undefined;
  const pipe = words.indexOf("|");
  if (pipe !== -1 && (words[0] === "echo" || words[0] === "printf")) {
    const text = words.slice(1, pipe).join(" ");
    input = words[0] === "echo" ? `${text}\n` : text.replace(/\\n/g, "\n");
    words = words.slice(pipe + 1);
  }
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? "")) {
    const [name, ...value] = words.shift()!.split("=");
    env[name!] = value.join("=");
  }
  const launcher = LAUNCHERS.find((l) => l.every((w, i) => words[i] === w));
  if (launcher === undefined) return undefined;
  words = words.slice(launcher.length);
  const after = words.indexOf("|"); // a consumer of the output, such as jq
  if (after !== -1) words = words.slice(0, after);
  let stdinFile: string | undefined;
  const redirect = words.indexOf("<");
  if (redirect !== -1) {
    stdinFile = words[redirect + 1];
    words.splice(redirect, 2);
  }
  return { env, argv: words, input, stdinFile };
}

/** Examples from each help: the line after each "# what" line of its Examples section. */
async function helpExamples(): Promise<Example[]> {
  const found: Example[] = [];
  for (const command of HELP_COMMANDS) {
    const help = (await runCli([...command, "--help"], { columns: 80 })).stdout;
    const section = help.slice(help.indexOf("\nExamples:\n"));
    const lines = section.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.startsWith("  # ")) found.push({ where: `itemfilter ${[...command, "--help"].join(" ")}`, line: lines[i + 1]!.trim() });
    }
  }
  return found;
}

/** Examples from the READMEs' code blocks: command lines in sh blocks, and `$ ` lines in plain ones. */
function readmeExamples(): Example[] {
  const found: Example[] = [];
  for (const file of READMES) {
    const text = readFileSync(join(repo, file), "utf8");
    for (const block of text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)) {
      const lang = block[1]!;
      if (!["", "sh", "shell", "bash", "console"].includes(lang)) continue;
      const lines = block[2]!.split("\n");
      for (let i = 0; i < lines.length; i++) {
        const raw = lines[i]!;
        const prompted = raw.startsWith("$ ");
        if (lang === "" && !prompted) continue;
        const line = prompted ? raw.slice(2) : raw;
        if (invocation(line) === undefined) continue;
        let shown: string | undefined;
        if (prompted) {
          const out: string[] = [];
          for (let j = i + 1; j < lines.length && !lines[j]!.startsWith("$ ") && lines[j] !== ""; j++) out.push(lines[j]!);
          if (out.length > 0) shown = `${out.join("\n")}\n`;
        } else if (/^# [[{]/.test(lines[i + 1] ?? "")) shown = `${lines[i + 1]!.slice(2)}\n`;
        found.push({ where: file, line, ...(shown === undefined ? {} : { shown }) });
      }
    }
  }
  return found;
}

/** Needs a real service (or a file only the reader has), so it cannot run here: listed as skipped, by name. */
function needsService(line: string): boolean {
  return /https:\/\/|~\//.test(line);
}

async function run(example: Example): Promise<CliRun> {
  const call = invocation(example.line)!;
  if (needsDynamo(example.line)) call.argv = call.argv.map((word) => (word === DYNAMODB_LOCAL ? dynamo!.db.endpoint : word));
  const input = call.stdinFile !== undefined ? readFileSync(join(fixtures, call.stdinFile), "utf8") : call.input;
  if (call.argv[0] === "serve" || call.argv[0] === "playground") {
    // Run it until it prints its URL. A free port rather than the fixed default, which may be taken here;
    // --open runs $BROWSER, here the `true` command, so no browser starts.
    const argv = call.argv.includes("--port") ? call.argv : [...call.argv, "--port", "0"];
    const serving = await startServe(argv, { cwd: fixtures, env: { BROWSER: "true", ...call.env } });
    return serving.stop();
  }
  // A REPL example is typed into: give it one filter.
  const stdin = call.argv[0] === "repl" && input === undefined ? "age >= 30\n" : input;
  return runCli(call.argv, { cwd: fixtures, env: call.env, ...(stdin === undefined ? {} : { input: stdin }) });
}

const examples = [...(await helpExamples()), ...readmeExamples()];

beforeAll(async () => {
  if (!examples.some((e) => needsDynamo(e.line))) return;
  const demo = await loadTablesFromFile(join(repo, "packages/cli/demo/demo.json"));
  const tables = Object.fromEntries(Object.entries(demo).map(([name, t]) => [name, { key: t.primaryKey, ...(t.secondaryKey === undefined ? {} : { sortKey: t.secondaryKey }), items: t.items }]));
  dynamo = await startDynamoBackend(tables);
  // The README's variables, with this file's access key for the README's any (it names this file's database in the run's DynamoDB Local).
  Object.assign(process.env, dynamo.db.env);
}, 120_000);
afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await dynamo?.close();
});

describe("every example runs against the demo data", () => {
  it("finds the examples (each help's, and the READMEs')", () => {
    for (const command of HELP_COMMANDS) expect(examples.some((e) => e.where === `itemfilter ${[...command, "--help"].join(" ")}`)).toBe(true);
    expect(examples.filter((e) => e.where === "README.md").length).toBeGreaterThanOrEqual(5);
    expect(examples.filter((e) => e.where === "packages/cli/README.md").length).toBeGreaterThanOrEqual(10);
  });

  const runnable = examples.filter((e) => !needsService(e.line));
  const skipped = examples.filter((e) => needsService(e.line));
  it.each(runnable.map((e) => [e.where, e.line, e] as const))("%s: %s", async (_where, _line, example) => {
    const result = await run(example);
    if (example.shown?.startsWith("E_") === true) {
      // An error shown on purpose: exactly that error, and exit 1.
      expect(result).toEqual({ code: 1, stdout: "", stderr: example.shown });
      return;
    }
    expect(result.stderr.startsWith("itemfilter:")).toBe(false);
    expect(result.code).toBe(0);
    const output = ["serve", "playground"].includes(invocation(example.line)!.argv[0]!) ? result.stdout : result.stdout.trim();
    expect(output).not.toBe("");
    expect(output).not.toBe("[]");
    if (example.shown !== undefined) expect(result.stdout).toBe(example.shown);
  });

  it.skip.each(skipped.map((e) => [e.where, e.line] as const))("%s: %s (needs a real service)", () => {});

  it("keeps each help example on one line, whatever the width", async () => {
    const at = async (columns: number): Promise<string[]> => {
      const lines: string[] = [];
      for (const command of HELP_COMMANDS) {
        const help = (await runCli([...command, "--help"], { columns })).stdout;
        lines.push(...help.slice(help.indexOf("\nExamples:\n")).split("\n\n")[0]!.split("\n"));
      }
      return lines;
    };
    const narrow = await at(40);
    expect(narrow).toEqual(await at(160));
    expect(narrow.some((line) => line.length > 80)).toBe(true);
  });
});

describe("the documented way to run the command from the repository", () => {
  it("prints only the command's output on stdout (npx -y pnpm@10 -s itemfilter)", () => {
    const result = spawnSync("npx", ["-y", "pnpm@10", "-s", "itemfilter", "compile", "a = 1"], { cwd: repo, encoding: "utf8", timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('[{"item":"a","operator":"equals","value":1}]\n');
  });
});
