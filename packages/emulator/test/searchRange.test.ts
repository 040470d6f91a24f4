import { matches, prepareFilter, validateQueryFilter, type QueryFilter } from "@itemfilter/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runQueryItems } from "../src/runQueryItems.js";
import { firstIndex, searchRange } from "../src/searchRange.js";
import { buildTable } from "../src/Table.js";
import type { Item } from "../src/types.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

const partition = (keys: (string | number)[]) => buildTable("t", { primaryKey: "p", secondaryKey: "k", items: keys.map((k) => ({ p: 1, k })) }).partition(1);

describe("firstIndex", () => {
  it.each([
    [[], 0],
    [[false, false], 2],
    [[true, true], 0],
    [[false, false, true, true, true], 2],
  ])("finds the first true in %j", (flags, expected) => {
    expect(firstIndex(0, flags.length, (i) => flags[i]!)).toBe(expected);
  });
});

describe("searchRange", () => {
  // No "": a key is never empty (buildTable refuses it, as DynamoDB does).
  const keys = [-1, 0, 2, 2.5, 7, "a", "ab", "abc", "ac", "b", "\uFF61", "\u{1F600}"];
  const rows = partition(keys);
  const slice = (filter: QueryFilter) => {
    const [lo, hi] = searchRange(rows, filter);
    return rows.slice(lo, hi).map((r) => r.secondary);
  };

  it.each<[QueryFilter, (string | number)[]]>([
    [{ operator: "equals", value: 2 }, [2]],
    [{ operator: "equals", value: "ab" }, ["ab"]],
    [{ operator: "equals", value: "zz" }, []],
    [{ operator: "lessThan", value: 2 }, [-1, 0]],
    [{ operator: "lessEqual", value: 2 }, [-1, 0, 2]],
    [{ operator: "greaterThan", value: 2 }, [2.5, 7]],
    [{ operator: "greaterEqual", value: 2.5 }, [2.5, 7]],
    [{ operator: "greaterEqual", value: 100 }, []],
    [{ operator: "between", value: [0, 2.5] }, [0, 2, 2.5]],
    [{ operator: "between", value: ["a", "ab"] }, ["a", "ab"]],
    [{ operator: "beginsWith", value: "ab" }, ["ab", "abc"]],
    [{ operator: "beginsWith", value: "" }, ["a", "ab", "abc", "ac", "b", "\uFF61", "\u{1F600}"]],
    [{ operator: "beginsWith", value: "\uD83D" }, ["\u{1F600}"]],
  ])("narrows %j to exactly its matches", (filter, expected) => {
    expect(slice(filter)).toEqual(expected);
  });

  // Strings from a small alphabet that includes the characters where UTF-8 and UTF-16 order differ.
  const text = fc.string({ unit: fc.constantFrom("a", "b", "\uFF61", "\u{1F600}", "\uD83D", "é"), maxLength: 4 });
  const key = fc.oneof(fc.integer({ min: -5, max: 5 }), text.filter((t) => t !== ""));
  const filter = fc.oneof(
    fc.record({ operator: fc.constantFrom("equals"), value: key }),
    fc.record({ operator: fc.constantFrom("lessThan", "lessEqual", "greaterThan", "greaterEqual"), value: fc.integer({ min: -6, max: 6 }) }),
    fc.record({ operator: fc.constant("beginsWith"), value: text }),
    fc.record({ operator: fc.constant("between"), value: fc.oneof(fc.tuple(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 })), fc.tuple(text, text)) }),
  );

  it("gives what core's matches gives on the whole partition, in order, both directions", () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 30 }), filter, fc.boolean(), (ks, f, forward) => {
        let valid: QueryFilter;
        try {
          valid = validateQueryFilter(f);
        } catch {
          return; // invalid filters (lone surrogates, reversed bounds) never reach the index
        }
        const table = buildTable("t", { primaryKey: "p", secondaryKey: "k", items: ks.map((k) => ({ p: 1, k })) });
        const page = runQueryItems({
          table,
          filter: valid,
          predicate: prepareFilter(valid, { secondaryKey: "k" }) as (item: Item) => boolean,
          primary: 1,
          limit: undefined,
          startKey: undefined,
          searchForward: forward,
          pageSize: 1000,
        });
        const expected = table.partition(1).filter((r) => matches(r.item, valid, { secondaryKey: "k" })).map((r) => r.item);
        if (!forward) expected.reverse();
        expect(page.items).toEqual(expected);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
