/// <reference lib="dom" />
// A web page's use of @itemfilter/client, bundled as an app would bundle it
// (esbuild --platform=browser, or Vite): it talks to the service on the
// page's own origin with the platform's fetch (the client's default there).
import { createClient, isClientError, type FindAllParams } from "@itemfilter/client";

export interface Credentials {
  applicationKey: string;
  authenticationToken: string;
}

export interface Found {
  items: Record<string, unknown>[];
  outcome: unknown;
}

export interface Failure {
  name: string;
  code: string;
  operation: string;
  attempts: number;
  message: string;
  stack: string;
}

export interface ClientApp {
  find(credentials: Credentials, params: Omit<FindAllParams, "signal">): Promise<Found>;
  /** findAll against the service at `baseUrl` (another origin, say); a ClientError is returned, not thrown. */
  findAt(baseUrl: string, credentials: Credentials, params: Omit<FindAllParams, "signal">): Promise<Found | Failure>;
  /** listAll on `baseUrl`, this page's origin when left out. */
  list(credentials: Credentials, table: string, filter: string, baseUrl?: string): Promise<Found | Failure>;
}

function failure(error: unknown): Failure {
  if (!isClientError(error)) throw error;
  return { name: error.name, code: error.code, operation: error.operation, attempts: error.attempts, message: error.message, stack: error.stack ?? "" };
}

async function findAll(baseUrl: string, credentials: Credentials, params: Omit<FindAllParams, "signal">): Promise<Found> {
  const client = createClient({ baseUrl, ...credentials, backoffBaseMs: 1 });
  const walk = client.findAll(params);
  const items: Record<string, unknown>[] = [];
  for (;;) {
    const step = await walk.next();
    if (step.done === true) return { items, outcome: step.value };
    items.push(step.value);
  }
}

const app: ClientApp = {
  find: (credentials, params) => findAll(location.origin, credentials, params),
  async findAt(baseUrl, credentials, params) {
    try {
      return await findAll(baseUrl, credentials, params);
    } catch (error) {
      return failure(error);
    }
  },
  async list(credentials, table, filter, baseUrl = location.origin) {
    const client = createClient({ baseUrl, ...credentials, backoffBaseMs: 1 });
    try {
      const items: Record<string, unknown>[] = [];
      for await (const item of client.listAll({ table, filter })) items.push(item);
      return { items, outcome: null };
    } catch (error) {
      return failure(error);
    }
  },
};

(window as unknown as { clientApp: ClientApp }).clientApp = app;
document.body.dataset.ready = "true";
