import { compileList, readNumber, prepareFilter, type ListFilter } from "@itemfilter/core";
import fc from "fast-check";
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromExactTransfer, loadNdjsonTable, memoryStore, toExactTransfer, scanNdjsonRange, scanNdjsonTable, type Item, type PageKey, type RangeJob, type Store } from "../src/index.js";
import { mayBeInexact, unheldNumber } from "../src/unheldNumber.js";
import { itemProblem } from "../src/itemProblem.js";
import { mayNestDeeply } from "../src/mayNestDeeply.js";
import { hashKey } from "../src/keyHashes.js";
import { compareKeyValues, type KeyValue } from "../src/keyValues.js";
import { CHUNK_BYTES, lineRanges } from "../src/scanNdjsonRange.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

/**
 * Issue 26 §3: an NDJSON file read as a stream (scanNdjsonTable) is checked
 * exactly as loadNdjsonTable checks it, and the table of the items it keeps
 * answers listItems page by page as the whole file's table does.
 */

const dir = mkdtempSync(join(tmpdir(), "itemfilter-scan-"));
let fileNumber = 0;

function write(text: string | Buffer): string {
  const file = join(dir, `t${fileNumber++}.ndjson`);
  writeFileSync(file, text);
  return file;
}

/**
 * What a loader did: the error it threw, as the CLI would print it, or the
 * items it kept, in list order: the order the table sorts them in (a range
 * not in key order hands its kept items over sorted, issue 44).
 */
async function outcome(load: () => Promise<unknown>): Promise<{ error: string } | { ok: unknown }> {
  try {
    const ok = (await load()) as { definition?: { items: Item[] }; items?: Item[] };
    if (ok.definition !== undefined) return { ok: { ...ok, definition: { ...ok.definition, items: inListOrder(ok.definition.items) } } };
    return { ok: ok.items === undefined ? ok : { ...ok, items: inListOrder(ok.items) } };
  } catch (error) {
    const e = error as Error & { code?: string; file?: string; line?: number; table?: string };
    return { error: JSON.stringify([e.name, e.code, e.message, e.file, e.line, e.table]) };
  }
}

function inListOrder(items: readonly Item[]): Item[] {
  return [...items].sort((a, b) => compareKeyValues(a.id as KeyValue, b.id as KeyValue));
}

// Keys people use, which collide and mix types: short strings (some non-ASCII), small numbers, -0 and 0.
const key = fc.oneof(fc.constantFrom("a", "b", "c", "d", "é", "z", "aa", "B", "10", "9"), fc.integer({ min: -3, max: 12 }), fc.constantFrom(0.5, -0, 1e21));
const item = fc.record(
  {
    id: key,
    age: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.constant("old"), fc.constant(null)),
    plan: fc.constantFrom("free", "pro", "team"),
    tags: fc.array(fc.constantFrom("vip", "beta"), { maxLength: 2 }),
  },
  { requiredKeys: ["id"] },
);
// Lines the loader refuses, at any place in the file.
const badLine = fc.constantFrom(
  '{"id":',
  "[1,2]",
  "42",
  '{"id":"x","v":1e400}',
  '{"id":"x","v":123456789012345678901234567890123456789}',
  `{"id":"x","v":${"[".repeat(40)}${"]".repeat(40)}}`,
  '{"name":"no id"}',
  '{"id":""}',
  '{"id":true}',
  '{"id":null}',
);
const line = fc.oneof({ weight: 12, arbitrary: item.map((i) => JSON.stringify(i)) }, { weight: 1, arbitrary: badLine }, { weight: 1, arbitrary: fc.constantFrom("", "   ", "\r") });
const fileLines = fc.tuple(fc.array(line, { maxLength: 40 }), fc.boolean(), fc.boolean()).map(([lines, sorted, crlf]) => {
  // Many files are exports in key order: sort half of them, which leaves the duplicates next to each other.
  const ordered = sorted ? [...lines].sort(byKey) : lines;
  return ordered.join(crlf ? "\r\n" : "\n") + (lines.length % 2 === 0 ? "\n" : "");
});

function byKey(a: string, b: string): number {
  const ka = keyOfLine(a);
  const kb = keyOfLine(b);
  if (ka === undefined || kb === undefined) return 0;
  if (typeof ka !== typeof kb) return typeof ka === "number" ? -1 : 1;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

function keyOfLine(text: string): string | number | undefined {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === "string" || typeof id === "number" ? id : undefined;
  } catch {
    return undefined;
  }
}

const filterText = fc.constantFrom("", "age >= 40", 'plan = "pro"', 'age >= 70 and plan = "pro"', 'plan = "pro" or plan = "team"', 'tags contains "vip"', "age between 10 and 30", 'id between "b" and "z"', "id < 5", 'not plan = "free"', "age >= 40 and age >= 40");

/** Every page of a listItems walk, with its stopKey. */
async function pages(store: Store, filters: readonly ListFilter[], pageSize: number): Promise<{ items: Item[]; stopKey?: PageKey }[]> {
  const table = (await store.table("t"))!;
  const all = [];
  let startKey: PageKey | undefined;
  for (;;) {
    const page = await store.listItems({ table, filters, limit: undefined, startKey, pageSize });
    all.push(page);
    if (page.stopKey === undefined) return all;
    startKey = page.stopKey;
  }
}

describe("issue 26 §3: scanNdjsonTable", () => {
  it("refuses every file loadNdjsonTable refuses, with the same error, and accepts the others", async () => {
    await fc.assert(
      fc.asyncProperty(fileLines, async (text) => {
        const file = write(text);
        const whole = await outcome(() => loadNdjsonTable(file, "t", { primaryKey: "id" }));
        const streamed = await outcome(() => scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: () => true }));
        if ("error" in whole) expect(streamed).toEqual(whole);
        else expect("ok" in streamed && (streamed.ok as { definition: { items: unknown[] } }).definition.items).toEqual((whole.ok as { items: unknown[] }).items);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("keeps only the matching items (and the few it needs), and its table pages exactly as the whole file's", async () => {
    await fc.assert(
      fc.asyncProperty(fileLines, filterText, fc.integer({ min: 1, max: 5 }), async (text, filter, pageSize) => {
        const file = write(text);
        const whole = await outcome(() => loadNdjsonTable(file, "t", { primaryKey: "id" }));
        fc.pre("ok" in whole);
        const filters = compileList(filter);
        const test = filters.length === 0 ? () => true : (prepareFilter([...filters]) as (item: Item) => boolean);
        const scanned = await scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: test });
        const full = memoryStore({ t: (whole as { ok: { primaryKey: string; items: Item[] } }).ok });
        const reduced = memoryStore({ t: scanned.definition });
        // At most two items beyond the matches: the greatest key, and one of the other key type.
        const matching = scanned.definition.items.filter(test).length;
        expect(scanned.definition.items.length - matching).toBeLessThanOrEqual(2);
        expect(await reduced.table("t")).toEqual(await full.table("t"));
        expect(await pages(reduced, filters, pageSize)).toEqual(await pages(full, filters, pageSize));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("holds the matching items only: 3,000 items, 30 matching, keep 31", async () => {
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ id: `u${String(i).padStart(5, "0")}`, age: i % 100 }));
    const file = write(lines.join("\n"));
    const scanned = await scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: (item) => item.age === 7 });
    expect(scanned).toMatchObject({ items: 3000, sorted: true });
    expect(scanned.definition.items.map((i) => i.id)).toEqual([...Array.from({ length: 30 }, (_, k) => `u${String(k * 100 + 7).padStart(5, "0")}`), "u02999"]);
  });

  it("checks an unsorted file for duplicate keys by their hashes, and finds the duplicate buildTable names", async () => {
    const file = write('{"id":"b"}\n{"id":"c"}\n{"id":"a"}\n{"id":"c"}\n{"id":"b"}\n');
    await expect(scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: () => false })).rejects.toThrow(
      'E_DUPLICATE_KEY: ' + file + ':5: table "t": the items on lines 1 and 5 have the same key ("b"); each item needs its own',
    );
    const ok = write('{"id":2}\n{"id":1}\n{"id":-0}\n');
    expect(await scanNdjsonTable(ok, "t", { primaryKey: "id" }, { keep: () => false })).toMatchObject({ items: 3, sorted: false });
    const zeros = write('{"id":0}\n{"id":-0}\n');
    await expect(scanNdjsonTable(zeros, "t", { primaryKey: "id" }, { keep: () => false })).rejects.toThrow("have the same key");
  });

  it("refuses a file over the size cap before reading it, and a file that is not UTF-8 wherever the bad byte is", async () => {
    const file = write('{"id":1}\n{"id":2}\n');
    await expect(scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: () => true, maxBytes: 10 })).rejects.toThrow(`E_FILE_READ: ${file}: it is 18 bytes, more than the 10 allowed`);
    // A bad line before the bad byte: the file's encoding is reported first, as a whole-file read reports it.
    const latin1 = write(Buffer.concat([Buffer.from('{"id":\n'), Buffer.alloc(2 << 20, 0x20), Buffer.from([0x0a, 0xe9, 0x0a])]));
    const whole = await outcome(() => loadNdjsonTable(latin1, "t", { primaryKey: "id" }));
    expect(whole).toEqual({ error: expect.stringContaining("the file is not valid UTF-8") });
    expect(await outcome(() => scanNdjsonTable(latin1, "t", { primaryKey: "id" }, { keep: () => true }))).toEqual(whole);
  });

  it("reads ASCII chunks fast and keeps a byte order mark that starts a later chunk, as a whole-file read does", async () => {
    const first = `{"id":"a","pad":"${"x".repeat(CHUNK_BYTES - 20)}"}\n`;
    expect(Buffer.byteLength(first)).toBe(CHUNK_BYTES);
    for (const text of [`${first}\uFEFF{"id":"b"}\n`, `${first}{"id":"é"}\n{"id":"f"}\n`, `\uFEFF{"id":"0"}\n${first.slice(0, -4)}\n{"id":"b"}\n{"id":"c"}\n`, `${first}{"id":"b"}\n${"\u00e9".repeat(CHUNK_BYTES)}\n`]) {
      const file = write(text);
      const whole = await outcome(() => loadNdjsonTable(file, "t", { primaryKey: "id" }));
      const streamed = await outcome(() => scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: () => true }));
      if ("error" in whole) expect(streamed).toEqual(whole);
      else expect(streamed).toEqual({ ok: expect.objectContaining({ definition: { primaryKey: "id", items: (whole.ok as { items: unknown[] }).items } }) });
    }
  });

  it("splits lines across its chunks as a whole-file read does (a multi-byte character on the boundary)", async () => {
    const pad = "x".repeat(CHUNK_BYTES - 12);
    const text = `{"id":"${pad}"}\n{"id":"é€😀","v":1}\n`;
    const file = write(text);
    const scanned = await scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: () => true });
    expect(scanned.definition.items).toEqual([{ id: pad }, { id: "é€😀", v: 1 }]);
  });
});

/**
 * A scan cut into `ranges`, the ranges after the first scanned as a worker
 * thread would: the job and the findings go through structured clone.
 */
function inRanges(file: string, ranges: number, keep: (item: Item) => boolean, maxBytes?: number): Promise<unknown> {
  // As a worker thread gets and posts them: structured clone, exact numbers carried by an ExactTransfer.
  const scanRange = async (job: RangeJob) => fromExactTransfer(structuredClone(toExactTransfer(await scanNdjsonRange(structuredClone(job), keep))));
  return scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep, ranges, scanRange, ...(maxBytes === undefined ? {} : { maxBytes }) });
}

describe("issue 26 §3: a data file scanned in ranges (in parallel) gives exactly what one scan gives", () => {
  // Lines a range boundary can fall next to: a byte order mark (dropped only at the file's start), a multi-byte character.
  const rangeLine = fc.oneof({ weight: 20, arbitrary: line }, { weight: 1, arbitrary: fc.constantFrom('\uFEFF{"id":"bom"}', '{"id":"é€😀"}', "\uFEFF") });
  const rangeFile = fc.tuple(fc.array(rangeLine, { maxLength: 40 }), fc.boolean(), fc.boolean()).map(([lines, sorted, bom]) => (bom ? "\uFEFF" : "") + (sorted ? [...lines].sort(byKey) : lines).join("\n") + (lines.length % 2 === 0 ? "\n" : ""));

  it("the same table, items, order, sortedness, or the same error with the same line, for 2 to 6 ranges", async () => {
    await fc.assert(
      fc.asyncProperty(rangeFile, filterText, fc.integer({ min: 2, max: 6 }), async (text, filter, ranges) => {
        const file = write(text);
        const filters = compileList(filter);
        const keep = filters.length === 0 ? () => true : (prepareFilter([...filters]) as (item: Item) => boolean);
        const one = await outcome(() => scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep }));
        expect(await outcome(() => inRanges(file, ranges, keep))).toEqual(one);
        // And both are the whole-file load's.
        const whole = await outcome(() => loadNdjsonTable(file, "t", { primaryKey: "id" }));
        if ("error" in whole) expect(one).toEqual(whole);
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it.each([
    ["a bad line in the last range, a bad item in the first: the line is reported", (n: number) => [...items(n, 0), '{"id":"x"', ...items(n, n)].map((l, i) => (i === 3 ? '{"name":"no id"}' : l))],
    ["a bad item in the second half only, with its line in the file", (n: number) => [...items(n, 0), ...items(n, n).map((l, i) => (i === 5 ? '{"id":""}' : l))]],
    ["a number no store holds in the second half", (n: number) => [...items(n, 0), ...items(n, n).map((l, i) => (i === 7 ? '{"id":"y","v":1e400}' : l))]],
    ["a number past a double's digits in the second half, kept exactly", (n: number) => [...items(n, 0), ...items(n, n).map((l, i) => (i === 7 ? '{"id":"y","age":70,"v":12345678901234567890}' : l))]],
    ["keys sorted in each half but not across the boundary, with a duplicate", (n: number) => [...items(n, n), ...items(n, 0), JSON.stringify({ id: key6(n + 1) })]],
    ["keys sorted in each half but not across the boundary, no duplicate", (n: number) => [...items(n, n), ...items(n, 0)]],
    ["numbers then strings: mixed key types across the boundary", (n: number) => [...Array.from({ length: n }, (_, i) => JSON.stringify({ id: i, age: 70 })), ...items(n, 0)]],
    ["a byte order mark at the start of the second half", (n: number) => [...items(n, 0), '\uFEFF{"id":"zz"}', ...items(n, n)]],
    ["a byte order mark at the start of the file", (n: number) => ["\uFEFF" + items(1, 0)[0], ...items(n, 1)]],
    ["blank lines and CRLF around the boundary", (n: number) => [...items(n, 0).map((l) => `${l}\r`), "", "  ", ...items(n, n)]],
  ])("%s", async (_, make) => {
    for (const n of [1, 2, 3, 50]) {
      const file = write(make(n).join("\n") + "\n");
      const keep = (item: Item): boolean => item.age === 70;
      const one = await outcome(() => scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep }));
      for (const ranges of [2, 3, 7]) expect(await outcome(() => inRanges(file, ranges, keep))).toEqual(one);
      const whole = await outcome(() => loadNdjsonTable(file, "t", { primaryKey: "id" }));
      if ("error" in whole) expect(one).toEqual(whole);
    }
  });

  it.each([
    ["not in key order: hashes ascending, kept items in list order", ["c", "a", "é", "b", "10"], true],
    ["in key order: hashes in line order, as the whole file may be in order", ["10", "a", "b", "c", "é"], false],
  ])("a range hands over its findings %s", async (_, ids, sorts) => {
    const file = write(ids.map((id, i) => JSON.stringify({ id, age: i % 2 === 0 ? 70 : 1 })).join("\n") + "\n");
    const scan = await scanNdjsonRange({ file, range: { start: 0, end: statSync(file).size, first: true, last: true }, primaryKey: "id", checkItems: true }, (item) => item.age === 70);
    const hashes = ids.map((id) => hashKey(id));
    expect(scan.hashesSorted).toBe(sorts);
    expect(scan.keyHashes.flatMap((block) => [...block])).toEqual(sorts ? [...hashes].sort((a, b) => a - b) : hashes);
    expect(scan.keyHashes.length).toBe(1);
    const kept = ids.filter((_, i) => i % 2 === 0);
    expect(scan.kept.map((item) => item.id)).toEqual(sorts ? [...kept].sort() : kept);
    expect(scan.exactKept).toBe(false);
  });

  it.each([
    ["a kept line with 19 digits", ['{"id":"a","age":70,"n":1234567890123456789}', '{"id":"b","age":1}'], true],
    ["a kept line with an exponent", ['{"id":"a","age":70,"n":1e3}'], true],
    ["a long number only on a line not kept", ['{"id":"a","age":70}', '{"id":"b","age":1,"n":1234567890123456789}'], false],
    ["short numbers only", ['{"id":"a","age":70,"n":0.5}'], false],
  ])("says whether a kept item may hold an exact number: %s", async (_, lines, exact) => {
    const file = write(lines.join("\n") + "\n");
    const scan = await scanNdjsonRange({ file, range: { start: 0, end: statSync(file).size, first: true, last: true }, primaryKey: "id", checkItems: true }, (item) => item.age === 70);
    expect(scan.exactKept).toBe(exact);
  });

  it.each([
    [2, 0, [5010]],
    [2, 0.1, [5240]],
    [3, 0, [3340, 6670]],
    [3, 0.1, [3550, 6780]],
  ])("cuts %i ranges with the first %f of a range larger just after a line's end", async (count, head, cuts) => {
    // 1,000 lines of 10 bytes: a cut lands just after the first "\n" at or past its share of the bytes.
    const file = write(Array.from({ length: 1000 }, (_, i) => `{"i":${String(i).padStart(3, "0")}}`).join("\n") + "\n");
    const ranges = await lineRanges(file, 10_000, count, head);
    expect(ranges.map((r) => r.end).slice(0, -1)).toEqual(cuts);
    expect(ranges.map((r) => [r.first, r.last])).toEqual(ranges.map((_, i) => [i === 0, i === ranges.length - 1]));
    expect(ranges.every((r, i) => r.start === (i === 0 ? 0 : ranges[i - 1]!.end))).toBe(true);
  });

  it("tiny and empty files, a file without a final newline, a file over the size cap, and one that is not UTF-8 in its second half", async () => {
    const texts: (string | Buffer)[] = ["", "\n", '{"id":1}', '{"id":1}\n', '{"id":1}\n{"id":2}', "\n\n\n", Buffer.concat([Buffer.from(`${items(40, 0).join("\n")}\n`), Buffer.from([0xe9, 0x0a])])];
    for (const text of texts) {
      const file = write(text);
      const one = await outcome(() => scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: () => true }));
      for (const ranges of [2, 5]) expect(await outcome(() => inRanges(file, ranges, () => true))).toEqual(one);
    }
    const file = write(`${items(40, 0).join("\n")}\n`);
    expect(await outcome(() => inRanges(file, 2, () => true, 100))).toEqual({ error: expect.stringContaining("more than the 100 allowed") });
  });

  it("a range scanned elsewhere that fails ends the scan with its failure", async () => {
    const file = write(`${items(40, 0).join("\n")}\n`);
    const scanRange = (): Promise<never> => Promise.reject(new Error("worker gone"));
    await expect(scanNdjsonTable(file, "t", { primaryKey: "id" }, { keep: () => true, ranges: 2, scanRange })).rejects.toThrow("worker gone");
  });
});

function key6(i: number): string {
  return `u${String(i).padStart(6, "0")}`;
}

/** n items in key order from key number `from`, a few with age 70. */
function items(n: number, from: number): string[] {
  return Array.from({ length: n }, (_, i) => JSON.stringify({ id: key6(from + i), age: (from + i) % 3 === 0 ? 70 : 20 }));
}

/** The walk itemProblem did before it was made recursive: the reference for the order problems are found in. */
function stackWalk(item: Record<string, unknown>): string | undefined {
  const stack: [unknown, number][] = [[item, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return `holds the number ${String(value)}, which JSON cannot carry`;
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth > 32) return `nests arrays and objects more than 32 levels deep (DynamoDB's limit for nested attributes)`;
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return undefined;
}

/** A scan of every number with no quick test: the reference unheldNumber must agree with. */
function fullScan(text: string): string | undefined {
  for (const match of text.matchAll(/"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/g)) {
    if (!match[0].startsWith('"') && !("value" in readNumber(match[0]))) return match[0];
  }
  return undefined;
}

describe("issue 26 §3: the faster per-item checks find what the old ones found", () => {
  const leaf = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Infinity, -Infinity, NaN), fc.string(), fc.boolean(), fc.constant(null));
  const tree = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, fc.array(tie("value"), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 2 }), tie("value"), { maxKeys: 3 })),
  })).value;
  const deep = fc.tuple(fc.integer({ min: 25, max: 40 }), tree).map(([depth, inner]) => {
    let value: unknown = inner;
    for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { k: value };
    return value;
  });

  it("itemProblem reports the problem the stack walk reported first", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(tree, deep), { maxKeys: 4 }), (item) => {
        expect(itemProblem(item)).toBe(stackWalk(item));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it("mayNestDeeply is true for the text of every item nested too deep, so skipping the walk for the others loses nothing", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 3 }), fc.oneof(tree, deep), { maxKeys: 4 }), (item) => {
        const text = JSON.stringify(item);
        if (itemProblem(item)?.startsWith("nests") === true) expect(mayNestDeeply(text)).toBe(true);
      }),
      { numRuns: propertyRuns(2000) },
    );
    // 33 levels below the item is one too many; strings' brackets may only make it say so sooner.
    const nest = (n: number): unknown => (n === 0 ? 1 : [nest(n - 1)]);
    expect([mayNestDeeply(JSON.stringify({ a: nest(32) })), mayNestDeeply(JSON.stringify({ a: nest(33) })), mayNestDeeply(JSON.stringify({ a: "[[[[", b: nest(31) }))]).toEqual([false, true, true]);
  });

  it("mayBeInexact answers as the regular expression it stands for, wherever a run of digits and points starts", () => {
    const reference = /\d(?:[eE]|[\d.]{15})/;
    for (let before = 0; before <= 17; before++) {
      for (let run = 1; run <= 18; run++) {
        for (const head of ["1", "."]) {
          const text = `${"x".repeat(before)}${head}${"2".repeat(run - 1)}"`;
          expect(mayBeInexact(text), text).toBe(reference.test(text));
        }
      }
    }
    fc.assert(
      fc.property(fc.array(fc.constantFrom("0", "5", "9", ".", "e", "E", "x", '"', "-", "+"), { maxLength: 70 }), (chars) => {
        const text = chars.join("");
        expect(mayBeInexact(text)).toBe(reference.test(text));
      }),
      { numRuns: propertyRuns(20000) },
    );
  });

  it("unheldNumber finds a number no store holds exactly when a full scan does", () => {
    const number = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      // 16 digits, the shortest an integer past 2^53 can have: the quick test must not pass them.
      fc.bigInt({ min: 2n ** 53n, max: 10n ** 16n - 1n }).map(String),
      fc.tuple(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^\d{15}$/)).map(([i, f]) => `${i}.${f}`),
      fc.tuple(fc.integer({ min: 0, max: 10 ** 9 }), fc.stringMatching(/^\d{1,20}$/)).map(([i, f]) => `${i}.${f}`),
      fc.tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -400, max: 400 })).map(([m, e]) => `${m}e${e}`),
      // 38 and 39 digits: the most a store holds, and one past it.
      fc.bigInt({ min: 10n ** 37n, max: 10n ** 39n - 1n }).map(String),
      fc.stringMatching(/^-?(0|[1-9]\d{0,17})(\.\d{1,17})?([eE][+-]?\d{1,3})?$/),
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(number, fc.string().map((s) => JSON.stringify(s))), { maxLength: 4 }), (values) => {
        const text = `[${values.join(",")}]`;
        expect(unheldNumber(text)?.text).toBe(fullScan(text));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
});

