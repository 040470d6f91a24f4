import { createServer, type Server } from "node:http";
import type { TestProject } from "vitest/node";
import { startDynamoDbLocal, type DynamoDbLocal } from "./dynamoDbLocal.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where a test file asks for its database in the run's one DynamoDB Local (`sharedDynamoDbLocal()`). */
    dynamoDbLocalBroker: string;
  }
}

/**
 * vitest's global setup: one DynamoDB Local for the whole run, started when the first test file asks for it
 * (a run of files that need none starts no JVM) and stopped when the run ends. Each file gets an access key of
 * its own, so its tables are a database apart (DynamoDB Local keeps one per access key). It runs in vitest's
 * main process, which outlives the test files; the files reach it over HTTP on 127.0.0.1.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // vitest runs this once per project (vitest.config.ts has two), maybe at once: they share one broker, stopped after the last.
  const pending = (shared[BROKER] ??= startBroker());
  const broker = await pending;
  broker.users++;
  project.provide("dynamoDbLocalBroker", broker.url);
  return async () => {
    if (--broker.users > 0) return;
    if (shared[BROKER] === pending) delete shared[BROKER];
    await broker.close();
  };
}

interface Broker {
  readonly url: string;
  users: number;
  close(): Promise<void>;
}

/** The process's broker, on its global object: vitest may load this module once per project. */
const BROKER = Symbol.for("itemfilter.dynamoDbLocalBroker");
const shared = globalThis as { [BROKER]?: Promise<Broker> };

async function startBroker(): Promise<Broker> {
  let db: Promise<DynamoDbLocal> | undefined;
  let files = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    db ??= startDynamoDbLocal();
    db.then(
      (started) => {
        files++;
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ endpoint: started.endpoint, port: started.port, accessKeyId: `file${files}` }));
      },
      (error: unknown) => {
        // The next file tries again; this one reports why.
        db = undefined;
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the DynamoDB Local broker has no port");
  return {
    url: `http://127.0.0.1:${address.port}/`,
    users: 0,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const started = await db?.catch(() => undefined);
      await started?.stop();
    },
  };
}
