import { createClient, type Client, type ClientOptions } from "@itemfilter/client";
import { compareStrings } from "@itemfilter/core";
import { createEmulator, type Emulator, type EmulatorOptions, type Item } from "@itemfilter/emulator";

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

/** An emulator on a free loopback port with clients for it; close() stops both. */
export async function startHarness(options: Partial<EmulatorOptions> = {}): Promise<Harness> {
  const emulator = createEmulator({ tables: TABLES, credentials: CREDENTIALS, ...options });
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
export function harnessPool(afterAll: (fn: () => Promise<unknown>) => void): (options?: Partial<EmulatorOptions>) => Promise<Harness> {
  const harnesses: Harness[] = [];
  afterAll(() => Promise.all(harnesses.map((h) => h.close())));
  return async (options) => {
    const h = await startHarness(options);
    harnesses.push(h);
    return h;
  };
}
