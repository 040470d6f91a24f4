import type { EditorSchema } from "@itemfilter/codemirror";
import type { ListFilter, QueryFilter, Scalar } from "@itemfilter/core";

export interface TableInfo {
  name: string;
  primaryKey: string;
  secondaryKey?: string;
  count: number;
  schema: EditorSchema;
}

export interface Credentials {
  applicationKey: string;
  authenticationToken: string;
}

export interface Session {
  tables: TableInfo[];
  credentials: Credentials;
}

export type Item = Record<string, unknown>;

/** A failed request, with the service's message. */
export class RunError extends Error {
  override name = "RunError";
}

/** The tables the playground server holds, with schemas derived from their items. */
export async function loadSession(): Promise<Session> {
  const answer = await fetch("/playground/tables", { headers: { Accept: "application/json" } });
  if (!answer.ok) throw new RunError(`the table list did not load (HTTP ${answer.status})`);
  return (await answer.json()) as Session;
}

export interface ListRequest {
  operation: "listItems";
  table: string;
  filter?: ListFilter[];
}

export interface QueryRequest {
  operation: "queryItems";
  table: string;
  key?: { primary: Scalar };
  filter?: QueryFilter;
}

/** The most pages one request follows, so a runaway loop cannot hang the page. */
const MAX_PAGES = 10_000;

/**
 * Sends one request to the emulator on this origin and follows `stopKey`
 * to the last page. Returns the items and how many pages that took.
 */
export async function fetchAll(request: ListRequest | QueryRequest, credentials: Credentials): Promise<{ items: Item[]; pages: number }> {
  const items: Item[] = [];
  let startKey: unknown;
  for (let pages = 1; pages <= MAX_PAGES; pages++) {
    const body: Record<string, unknown> = { ...credentials, table: request.table };
    if (request.filter !== undefined && !(Array.isArray(request.filter) && request.filter.length === 0)) body.filter = request.filter;
    if (request.operation === "queryItems" && request.key !== undefined) body.key = request.key;
    if (startKey !== undefined) body.startKey = startKey;
    const answer = await fetch(`/${request.operation}`, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=UTF-8", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await answer.json().catch(() => null)) as { data?: { items: Item[]; stopKey?: unknown }; error?: { message: string } } | null;
    if (!answer.ok || json?.data === undefined) {
      throw new RunError(`${request.operation} answered ${answer.status}: ${json?.error?.message ?? "not the protocol's JSON"}`);
    }
    for (const item of json.data.items) items.push(item); // no spread: a page's size is the server's to choose
    startKey = json.data.stopKey ?? undefined;
    if (startKey === undefined || startKey === null) return { items, pages };
  }
  throw new RunError(`${request.operation} still had more pages after ${MAX_PAGES}`);
}
