import { createClient, type Client, type ClientOptions } from "@itemfilter/client";
import { compareStrings } from "@itemfilter/core";
import { createEmulator, type Emulator, type EmulatorOptions, type Item } from "@itemfilter/emulator";
import { startDynamoBackend, type DynamoBackend } from "../support/dynamoBackend.js";

/** Distinctive credentials, so a test can search any text for them. */
export const APP_KEY = "e2e-APPKEY-5b0c1d88";
export const TOKEN = "e2e-TOKEN-93fa7e21";
export const CREDENTIALS = [{ applicationKey: APP_KEY, authenticationToken: TOKEN }];

const NAMES = ["alice", "bob", "carol", "dave", "ab", "abc", "Émile", "zoë", "\u{1F600}smile", "\uFF61dot", ""];
const TAGS = [["red"], ["red", "blue"], [], ["green", 7], ["blue"]];

/** 300 people with every kind of attribute value: numbers, strings, arrays, null, missing. Deterministic. */
export function people(count = 300): Item[] {
  const out: Item[] = [];
  for (let i = 0; i < count; i++) {
    const item: Item = { id: `p${String(i).padStart(4, "0")}` };
    if (i % 11 !== 0) item.name = NAMES[i % NAMES.length];
    if (i % 7 !== 3) item.score = i % 13 === 0 ? String(i % 10) : (i * 37) % 101 - 20 + (i % 4 === 0 ? 0.5 : 0);
    if (i % 5 !== 4) item.tags = TAGS[i % TAGS.length];
    item.status = i % 17 === 0 ? null : ["active", "inactive", "pending"][i % 3];
    if (i % 9 === 0) item.age = 18 + (i % 50);
    out.push(item);
  }
  return out;
}

/** Events partitioned by device (6 partitions), keyed by ts: numbers, strings, and some without ts. */
export function events(): Item[] {
  const out: Item[] = [];
  for (let i = 0; i < 240; i++) {
    const device = `d${i % 6}`;
    const item: Item = { device, seq: i };
    if (i === 5 || i === 100) item.note = "no ts";
    else item.ts = i % 8 === 0 ? `t-${String.fromCharCode(97 + (i % 26))}${i}` : Math.floor(i / 6) * 1.5;
    out.push(item);
  }
  return out;
}

export const TABLES = {
  people: { primaryKey: "id", items: people() },
  events: { primaryKey: "device", secondaryKey: "ts", items: events() },
};

/**
 * Where the items live behind the one request handler: the emulator's memory,
 * or DynamoDB Local through the DynamoDB store (what `itemfilter serve
 * --dynamodb-endpoint` runs). The wire tests run against both.
 */
export type BackendName = "emulator" | "dynamodb";
export const BACKENDS: readonly BackendName[] = ["emulator", "dynamodb"];

export interface Backend {
  readonly name: BackendName;
  /** The items each table holds on this backend, in the order the fixtures make them. */
  readonly people: Item[];
  readonly events: Item[];
  /** createEmulator's options for the items: tables, or a store. */
  readonly options: Partial<EmulatorOptions>;
}

/**
 * The events DynamoDB can hold: a sort key has one type and every item has
 * it, so the events with a string `ts` or none stay out (DynamoDB refuses them).
 */
export const dynamoEvents = (): Item[] => events().filter((e) => typeof e.ts === "number");

let dynamo: Promise<DynamoBackend> | undefined;

/** The backend of that name; this file's database in the run's DynamoDB Local is loaded once (closeBackends drops it). */
export async function openBackend(name: BackendName): Promise<Backend> {
  if (name === "emulator") return { name, people: people(), events: events(), options: { tables: TABLES } };
  dynamo ??= startDynamoBackend({
    people: { key: "id", items: people() },
    events: { key: "device", sortKey: "ts", items: dynamoEvents() },
  });
  const { store } = await dynamo;
  return { name, people: people(), events: dynamoEvents(), options: { store } };
}

/** Drops this file's tables in DynamoDB Local, if it loaded them. */
export async function closeBackends(): Promise<void> {
  const d = dynamo;
  dynamo = undefined;
  if (d !== undefined) await (await d).close();
}

/**
 * listItems order: the emulator's is primary-key order; DynamoDB's is its
 * Scan order (by the hash of the partition key), which nobody can predict, so
 * there both sides are compared in id order.
 */
export function inListOrder(backend: Backend, items: readonly Item[]): Item[] {
  return backend.name === "emulator" ? [...items] : [...items].sort((a, b) => compareKeys(a.id, b.id));
}

/** Numbers before strings (UTF-8 order), as the emulator orders keys. */
export function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return compareStrings(String(a), String(b));
}

/** Items sent over JSON and back, as a client sees them. */
export const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export interface Harness {
  emulator: Emulator;
  url: string;
  client(options?: Partial<ClientOptions>): Client;
  close(): Promise<void>;
}

/** An emulator (the request handler, over the backend's items) on a free loopback port with clients for it; close() stops both. */
export async function startHarness(options: Partial<EmulatorOptions> = {}, backend?: Backend): Promise<Harness> {
  const emulator = createEmulator({ ...(backend?.options ?? { tables: TABLES }), credentials: CREDENTIALS, ...options });
  const url = await emulator.start();
  const clients: Client[] = [];
  return {
    emulator,
    url,
    client(overrides = {}) {
      const client = createClient({ baseUrl: url, applicationKey: APP_KEY, authenticationToken: TOKEN, random: () => 0.5, sleep: async () => {}, ...overrides });
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.close();
      await emulator.stop();
    },
  };
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
}

/** Starts harnesses for one describe block and closes them all after it. */
export function harnessPool(afterAll: (fn: () => Promise<unknown>) => void, backend?: () => Backend): (options?: Partial<EmulatorOptions>) => Promise<Harness> {
  const harnesses: Harness[] = [];
  afterAll(() => Promise.all(harnesses.map((h) => h.close())));
  return async (options) => {
    const h = await startHarness(options, backend?.());
    harnesses.push(h);
    return h;
  };
}
