import { createClient, type Client } from "@itemfilter/client";
import { createEmulator } from "@itemfilter/emulator";
import { randomBytes } from "node:crypto";
import type { CliContext } from "../cliContext.js";
import { usageError } from "../cliError.js";
import type { TargetArgs } from "../commands/selection.js";
import { DEFAULT_PORT } from "../commands/serveCommand.js";
import { loadTables, type Tables } from "./loadTables.js";
import { requireCredentials, resolveCredentials } from "./resolveCredentials.js";
import { streamedTables, type DataReduction, type StreamedTable } from "./streamedTable.js";

/** Where requests go, opened: a client, and how to close whatever was started for it. */
export interface Target {
  client: Client;
  baseUrl: string;
  /** The tables of the embedded emulator, or undefined for a real service. */
  tables: Tables | undefined;
  /** For an NDJSON data file read as a stream: what the command knows of the whole file (its table in `tables` holds only the kept items). */
  streamed?: StreamedTable | undefined;
  close(): Promise<void>;
}

/**
 * A client for --base-url / ITEMFILTER_BASE_URL with the user's credentials,
 * or for an emulator started in-process on 127.0.0.1 with throwaway
 * credentials. With `offline` (for --dry-run and --curl) nothing is started:
 * the client points at `itemfilter serve`'s default address. With a
 * `reduction`, an NDJSON data file is read as a stream and the emulator holds
 * only the items the command's requests can return (streamedTables).
 */
export async function openTarget(ctx: CliContext, args: TargetArgs, offline = false, reduction?: DataReduction): Promise<Target> {
  const baseUrl = serviceUrl(ctx, args);
  const found = await resolveCredentials(ctx, args);
  const fetch = ctx.fetch as Parameters<typeof createClient>[0]["fetch"];
  if (baseUrl !== undefined) {
    checkUrl(baseUrl);
    const credentials = requireCredentials(found, baseUrl);
    const client = createClient({ baseUrl, ...credentials, ...(fetch === undefined ? {} : { fetch }), ...(args.timeoutMs === undefined ? {} : { timeoutMs: args.timeoutMs }) });
    return { client, baseUrl, tables: undefined, close: async () => client.close() };
  }
  const reduced = reduction === undefined || offline || args.data === undefined ? undefined : await streamedTables(ctx, args.data, reduction);
  const tables = reduced?.tables ?? (await loadTables(ctx, args.data));
  const streamed = reduced?.streamed;
  if (offline) {
    const url = `http://127.0.0.1:${DEFAULT_PORT}`;
    const client = createClient({ baseUrl: url, applicationKey: found.applicationKey ?? "demo-app", authenticationToken: found.authenticationToken ?? "demo-token" });
    return { client, baseUrl: url, tables, close: async () => {} };
  }
  const credentials = { applicationKey: "embedded", authenticationToken: randomBytes(16).toString("hex") };
  ctx.secrets.add(credentials.authenticationToken);
  const emulator = createEmulator({ tables, credentials: [credentials] });
  /*
   * The emulator answers in this process through its in-process fetch
   * (answers exactly as its server would), not over a loopback socket: no
   * HTTP parsing on either side, no port, and no HTTP stack to load (issue
   * 26 §3: a listing of 64,000 items spent a tenth of its time there). The
   * URL only names it; nothing listens.
   */
  const url = EMBEDDED_URL;
  // The emulator answers in this process, so retries and long waits would only hide a bug.
  const client = createClient({ baseUrl: url, ...credentials, maxAttempts: 1, fetch: emulator.fetch as Parameters<typeof createClient>[0]["fetch"] });
  return {
    client,
    baseUrl: url,
    tables,
    streamed,
    close: async () => {
      client.close();
      await emulator.stop();
    },
  };
}

/** The base URL of the embedded emulator, which is reached without a socket. */
const EMBEDDED_URL = "http://127.0.0.1";

/** The service's base URL (--base-url, else ITEMFILTER_BASE_URL), or undefined for the embedded emulator. */
export function serviceUrl(ctx: CliContext, args: TargetArgs): string | undefined {
  return args.baseUrl ?? nonEmpty(ctx.env.ITEMFILTER_BASE_URL);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function checkUrl(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw usageError(`the base URL '${baseUrl}' is not a URL; give one such as https://service.example.com`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw usageError(`the base URL '${baseUrl}' must start with http:// or https://`);
  if (url.username !== "" || url.password !== "") throw usageError("the base URL must not hold credentials; use --app-key and --token-file or the environment");
}
