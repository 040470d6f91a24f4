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

  it("a Query's FilterExpression never names a key attribute, and the sort key's leftovers are checked locally", () => {
    const [q] = planDynamo('id = "u1" and ts >= 1 and ts != 5 and (ts < 9 or x = 1)', { keys });
    expect(Object.values(q!.input.ExpressionAttributeNames!)).toEqual(["id", "ts"]);
    expect(q!.input.FilterExpression).toBeUndefined();
    expect(q!.residual).toBe("ts != 5 and ts < 9 or ts != 5 and x = 1");
  });
});
