import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../../../test/support/dynamoDbLocal.js";

/**
 * The README's TypeScript examples run as written: bundled against the
 * sources, run by node with DynamoDB Local as DYNAMODB_ENDPOINT (and the
 * demo credentials DynamoDB Local accepts in the environment, where the
 * SDK's standard chain finds them), exit 0, and print what the README says.
 */
const here = fileURLToPath(new URL("../", import.meta.url));
const readme = readFileSync(join(here, "README.md"), "utf8");
const examples = [...readme.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
const tmp = mkdtempSync(join(tmpdir(), "itemfilter-dynamodb-readme-"));
let db: DynamoDbLocalDatabase;

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
}, 90_000);

afterAll(async () => {
  await db?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

async function run(code: string, index: number): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const bundled = await build({
    stdin: { contents: code, loader: "ts", resolveDir: here, sourcefile: "example.ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    conditions: ["@itemfilter/source"],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const file = join(tmp, `example-${index}.mjs`);
  writeFileSync(file, bundled.outputFiles[0]!.text);
  const env = { ...process.env, DYNAMODB_ENDPOINT: db.endpoint, ...db.env, NODE_NO_WARNINGS: "1" };
  const out = spawnSync(process.execPath, [file], { cwd: tmp, encoding: "utf8", timeout: 60_000, env });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

describe("README examples", () => {
  it("has the compile, findAll and onEvent examples", () => {
    expect(examples).toHaveLength(3);
  });

  it("compileDynamo prints the JSON the README shows", async () => {
    const out = await run(examples[0]!, 1);
    expect(out.status).toBe(0);
    const shown = /prints \(spread it[^\n]*\n\n```json\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(JSON.parse(out.stdout)).toEqual(JSON.parse(shown));
  });

  it("findAll, without keys, reads status = \"shipped\" as a Query on the index and explain says so (issue 41)", async () => {
    const out = await run(examples[1]!, 2);
    expect(out.stderr).not.toMatch(/^\s+at /m);
    expect(out.status).toBe(0);
    const [shown, ...rest] = out.stdout.trim().split("\n");
    expect(shown).toBe("Query by-status | Query on global index by-status: the filter pins 'status'; reads 1 partition whole");
    expect(readme).toContain(`\`${shown}\``);
    const plan = rest.pop()!;
    expect(rest).toEqual(["u002 2024-01-30 120 undefined", "u001 2024-03-01 25.5 [ 'gift' ]"]);
    const requests = JSON.parse(plan) as { command: string; input: Record<string, unknown> }[];
    expect(requests.map((r) => [r.command, r.input.IndexName, r.input.KeyConditionExpression, r.input.FilterExpression])).toEqual([
      ["Query", undefined, "#n0 = :v0 AND begins_with(#n1, :v1)", "#n2 <> :v2"],
    ]);
  });

  it("onEvent logs one line per DynamoDB call, over the orders the findAll example made", async () => {
    const out = await run(examples[2]!, 3);
    expect(out.stderr).not.toMatch(/^\s+at /m);
    expect(out.status).toBe(0);
    const [describe, line, ...items] = out.stdout.trim().split("\n");
    expect(describe).toMatch(/^DescribeTable orders ok items=- scanned=- rcu=- [\d.]+ms$/);
    expect(line).toMatch(/^Query orders\/by-status ok items=2 scanned=2 rcu=[\d.]+ [\d.]+ms$/);
    expect(items.sort()).toEqual(["u001 2024-03-01", "u002 2024-01-30"]);
  });
});
