import { describe, expect, it } from "vitest";
import { parse } from "@itemfilter/core";
import { planDynamo } from "@itemfilter/dynamodb";

const keys = { partition: "id", sort: "ts" };

describe("planDynamo", () => {
  it("plans any filter that parses, at the depth limit too, with the stand-ins it adds", () => {
    // Negations around a string ordering, as deep as the default maxDepth lets the text go.
    const nested = (n: number): string => `id = "u1" and ${"not (".repeat(n)}name < "m"${")".repeat(n)}`;
    let n = 1;
    while ((() => { try { parse(nested(n + 1)); return true; } catch { return false; } })()) n++;
    const filter = nested(n);
    const requests = planDynamo(filter, { keys });
    expect(requests.map((r) => r.command)).toEqual(["Query"]);
    expect(requests[0]!.input.FilterExpression).toBe(n % 2 === 1 ? "NOT #n1 < :v1" : "#n1 < :v1");
  });

  it.each([
    ['id = "u1" and not not ts > "2024"', 'ts > "2024"'],
    ['id = "u1" and (ts > "2024" or x = 1)', 'ts > "2024" or x = 1'],
    ['id = "u1" and not not not ts > "2024"', 'not ts > "2024"'],
    ['id = "u1" and not (ts <= "2024")', 'not ts <= "2024"'],
    ['id = "u1" and (not (ts < "a") or ts contains "x")', 'not ts < "a" or ts contains "x"'],
  ])("%s leaves the residual %s, simplified as core's planner writes its own (no 'not not')", (filter, residual) => {
    const requests = planDynamo(filter, { keys });
    expect(requests.map((r) => [r.command, r.input.KeyConditionExpression, r.input.FilterExpression, r.residual])).toEqual([["Query", "#n0 = :v0", undefined, residual]]);
  });

  it("refuses keys it cannot use with a TypeError that says what it takes", () => {
    expect(() => planDynamo("a = 1", { keys: {} as never })).toThrow(/partition must be a non-empty string/);
    expect(() => planDynamo("a = 1", { keys: { partition: "id", sort: "id" } })).toThrow(/other than the partition key/);
    expect(() => planDynamo("a = 1", { keys: { partition: "id", types: { partition: "X" } } as never })).toThrow(/not one of S, N, B/);
  });

  const index = { name: "byStatus", kind: "global", partition: "status", projection: "ALL" };
  it.each([
    [{ indexes: {} }, "indexes must be an array"],
    [{ indexes: [{ ...index, name: "" }] }, "indexes[0].name must be a non-empty string no other index has"],
    [{ indexes: [index, index] }, "indexes[1].name must be a non-empty string no other index has"],
    [{ indexes: [{ ...index, kind: "lsi" }] }, 'indexes[0].kind must be "global" or "local"'],
    [{ indexes: [{ ...index, partition: "" }] }, "indexes[0].partition must be a non-empty string"],
    [{ indexes: [{ ...index, projection: "SOME" }] }, 'indexes[0].projection must be "ALL", "KEYS_ONLY" or a list of attribute names'],
    [{ indexes: [{ ...index, kind: "local" }] }, 'local index "byStatus" must have the table\'s partition key'],
    [{ indexes: [{ ...index, extra: 1 }] }, "unknown member indexes[0].extra"],
    [{ itemCount: -1 }, "itemCount must be a whole number from 0"],
  ])("refuses indexes it cannot use: %j", (more, message) => {
    expect(() => planDynamo("a = 1", { keys: { partition: "id", ...more } as never })).toThrow(message);
  });

  it("refuses a consistentRead that is not a boolean", () => {
    expect(() => planDynamo("a = 1", { consistentRead: "yes" as never })).toThrow("planDynamo: consistentRead takes true or false");
  });

  it("a Query's FilterExpression never names a key attribute, and the sort key's leftovers are checked locally", () => {
    const [q] = planDynamo('id = "u1" and ts >= 1 and ts != 5 and (ts < 9 or x = 1)', { keys });
    expect(Object.values(q!.input.ExpressionAttributeNames!)).toEqual(["id", "ts"]);
    expect(q!.input.FilterExpression).toBeUndefined();
    expect(q!.residual).toBe("ts != 5 and ts < 9 or ts != 5 and x = 1");
  });
});

describe("planDynamo on what the service's queryItems reads", () => {
  // A table with every index that could compete for a partition read: a local one, a global one on the
  // table's own partition key, one on both its keys, and a sparse one on other attributes.
  const indexed = {
    partition: "device",
    sort: "ts",
    types: { partition: "S", sort: "N" },
    indexes: [
      { name: "byLevel", kind: "local", partition: "device", sort: "level", projection: "ALL", types: { partition: "S", sort: "N" } },
      { name: "byDevice", kind: "global", partition: "device", projection: "ALL", types: { partition: "S" } },
      { name: "byDeviceTs", kind: "global", partition: "device", sort: "ts", projection: "ALL", types: { partition: "S", sort: "N" } },
      { name: "byStatus", kind: "global", partition: "status", sort: "ts", projection: "ALL", types: { partition: "S", sort: "N" } },
    ],
  } as const;
  // The store keeps queryItems a Query on the table (with ScanIndexForward, which a plan cannot say); this is what the planner chooses too.
  it.each(['device = "d1"', 'device = "d1" and ts = 3', 'device = "d1" and ts between 1 and 5', 'device = "d1" and ts >= 2', 'device = "d1" and ts < 0'])("reads %s on the table", (filter) => {
    const requests = planDynamo(filter, { keys: indexed });
    expect(requests.map((r) => [r.command, r.input.IndexName])).toEqual([["Query", undefined]]);
  });
});
