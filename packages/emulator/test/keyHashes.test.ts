import { toNumberValue } from "@itemfilter/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashKey, KeyHashList, repeatedHashes, sortHashes } from "../src/keyHashes.js";
import { compareKeyValues, type KeyValue } from "../src/keyValues.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

/**
 * Issue 44: an unsorted data file is checked for duplicate keys by the
 * hashes of its keys. Keys that compare equal must hash alike (else a
 * duplicate would be missed); the hashes must be whole numbers a double
 * holds exactly (else a sort could make two of them one).
 */

// Keys that meet: strings that look like numbers, 0 and -0, doubles and exact numbers with many digits.
const key: fc.Arbitrary<KeyValue> = fc.oneof(
  fc.constantFrom("0", "1", "", "a", "é", "😀", "n:1", "s:1"),
  fc.string({ maxLength: 6 }),
  fc.constantFrom(0, -0, 1, 1.5, 1e21, -3),
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom("12345678901234567890", "12345678901234567890.5", "-98765432109876543210", "1.00000000000000000001").map((text) => toNumberValue(text) as KeyValue),
);

describe("hashKey", () => {
  it.each<[string, KeyValue, KeyValue]>([
    ["0 and -0", 0, -0],
    ["an exact number and the same digits", toNumberValue("12345678901234567890") as KeyValue, toNumberValue("12345678901234567890") as KeyValue],
    ["an exact number written two ways", toNumberValue("12345678901234567890") as KeyValue, toNumberValue("1234567890123456789.0e1") as KeyValue],
  ])("is one hash for keys that compare equal: %s", (_, a, b) => {
    expect(compareKeyValues(a, b)).toBe(0);
    expect(hashKey(a)).toBe(hashKey(b));
  });

  it.each<[string, KeyValue, KeyValue]>([
    ["a string and the number it spells", "1", 1],
    ["the empty string and 0", "", 0],
    ["two short strings", "ab", "ba"],
  ])("tells apart keys that differ: %s", (_, a, b) => {
    expect(hashKey(a)).not.toBe(hashKey(b));
  });

  it("is equal for equal keys and a whole number below 2^53 for every key", () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        for (const h of [hashKey(a), hashKey(b)]) expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
        if (compareKeyValues(a, b) === 0) expect(hashKey(a)).toBe(hashKey(b));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});

describe("KeyHashList, sortHashes and repeatedHashes", () => {
  it("keeps every hash in order across its blocks", () => {
    const list = new KeyHashList();
    const keys = Array.from({ length: 70_000 }, (_, i) => `k${i}`);
    for (const k of keys) list.add(k);
    const blocks = list.blocks();
    expect(blocks.map((b) => b.length)).toEqual([65_536, 70_000 - 65_536]);
    const all = Float64Array.from(blocks.flatMap((b) => [...b]));
    expect(all.length).toBe(70_000);
    expect([all[0], all[65_535], all[65_536], all[69_999]]).toEqual([hashKey("k0"), hashKey("k65535"), hashKey("k65536"), hashKey("k69999")]);
    expect(new KeyHashList().blocks()).toEqual([]);
  });

  it("names the hash of every key that occurs twice, across lists, and proves distinct keys distinct", () => {
    fc.assert(
      fc.property(fc.array(fc.array(key, { maxLength: 30 }), { maxLength: 4 }), (lists) => {
        const repeated = repeatedHashes(
          lists.map((keys) => {
            const list = new KeyHashList();
            for (const k of keys) list.add(k);
            return sortHashes(list.blocks());
          }),
        );
        const all = lists.flat();
        const twice = all.filter((a, i) => all.some((b, j) => j !== i && compareKeyValues(a, b) === 0));
        for (const k of twice) expect(repeated.has(hashKey(k))).toBe(true);
        // Among these few keys no two distinct ones hash alike, so nothing else is named.
        expect(repeated.size).toBe(new Set(twice.map(hashKey)).size);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it.each([
    ["one bucket, sorted by insertion", 20, 0],
    ["one bucket, past insertion's length", 200, 0],
    ["many buckets", 5000, 997],
  ])("finds exactly the repeated hashes in %s", (_, count, stride) => {
    // Hashes made directly: `count` of them in buckets of 2^37 (their top 16 bits), every seventh repeated in a later list.
    const hashes = Array.from({ length: count }, (_, i) => ((i * stride) % 65536) * 2 ** 37 + ((i * 2654435761) % 2 ** 37));
    const again = hashes.filter((_, i) => i % 7 === 0);
    const lists = [new Float64Array(hashes.slice(0, count / 2)), new Float64Array([...hashes.slice(count / 2), ...again].reverse())];
    const sorted = lists.map((list) => sortHashes([list]));
    for (const [i, list] of sorted.entries()) expect([...list]).toEqual([...lists[i]!].sort((a, b) => a - b));
    expect([...repeatedHashes(sorted)].sort((a, b) => a - b)).toEqual([...new Set(again)].sort((a, b) => a - b));
    expect(repeatedHashes([sortHashes([new Float64Array(hashes)])]).size).toBe(0);
    expect([...sortHashes(lists)]).toEqual([...hashes, ...again].sort((a, b) => a - b));
    expect(repeatedHashes([]).size).toBe(0);
    expect(repeatedHashes([new Float64Array(0), sortHashes([new Float64Array([5, 3])]), new Float64Array(0), new Float64Array([3])])).toEqual(new Set([3]));
  });

  it("takes the largest hash, 2^53 - 1, into the last bucket", () => {
    const top = 2 ** 53 - 1;
    expect([...sortHashes([new Float64Array([top, 0]), new Float64Array([top])])]).toEqual([0, top, top]);
    expect([...repeatedHashes([sortHashes([new Float64Array([top, 0, top])])])]).toEqual([top]);
  });
});

