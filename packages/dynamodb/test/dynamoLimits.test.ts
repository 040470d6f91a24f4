import { readFileSync } from "node:fs";
import { CreateTableCommand, DynamoDBClient, ScanCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FilterError } from "@itemfilter/core";
import { compileDynamo, DYNAMO_LIMITS } from "@itemfilter/dynamodb";
import { sharedDynamoDbLocal, type DynamoDbLocalDatabase } from "../../../test/support/dynamoDbLocal.js";

/**
 * Our expression limits are DynamoDB's, checked on DynamoDB Local: at the
 * limit it accepts, one past it refuses, and compileDynamo refuses first
 * (E_LIMIT). Every golden expression is accepted as it is.
 */
let db: DynamoDbLocalDatabase;
let client: DynamoDBClient;

beforeAll(async () => {
  db = await sharedDynamoDbLocal();
  client = new DynamoDBClient({ endpoint: db.endpoint, region: "us-east-1", credentials: db.credentials });
  await client.send(
    new CreateTableCommand({
      TableName: "limits",
      AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      BillingMode: "PAY_PER_REQUEST",
    }),
  );
}, 90_000);

afterAll(async () => {
  client?.destroy();
  await db?.stop();
});

async function refusal(input: object): Promise<string | null> {
  try {
    await client.send(new ScanCommand({ TableName: "limits", ...input }));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const ors = (n: number) => Array.from({ length: n }, (_, i) => `a${i} = 1`).join(" or ");

describe("DynamoDB's expression limits", () => {
  it("operators and functions: 300 accepted, 301 refused by DynamoDB and by compileDynamo", async () => {
    expect(await refusal(compileDynamo(ors(150), { maxPredicates: 400 }))).toBeNull();
    const raw = { FilterExpression: Array.from({ length: 151 }, () => "#a = :v").join(" OR "), ExpressionAttributeNames: { "#a": "a" }, ExpressionAttributeValues: { ":v": { N: "1" } } };
    expect(await refusal(raw)).toMatch(/too many operators; operator count: 301/);
    expect(() => compileDynamo(ors(151), { maxPredicates: 400 })).toThrow(/301 operators and functions/);
    expect(DYNAMO_LIMITS.operators).toBe(300);
  });

  it("expression bytes: 4096 accepted, 4097 refused", async () => {
    const at = (bytes: number) => {
      const base = "#a = :v";
      // Spaces pad to the exact length; DynamoDB counts the string as sent.
      return { FilterExpression: base + " ".repeat(bytes - base.length), ExpressionAttributeNames: { "#a": "a" }, ExpressionAttributeValues: { ":v": { N: "1" } } };
    };
    expect(await refusal(at(DYNAMO_LIMITS.expressionBytes))).toBeNull();
    expect(await refusal(at(DYNAMO_LIMITS.expressionBytes + 1))).toMatch(/Expression size has exceeded the maximum allowed size/);
  });

  it("IN operands: 100 accepted; a longer list compiles to an OR of INs that DynamoDB accepts", async () => {
    const list = (n: number) => `a in (${Array.from({ length: n }, (_, i) => i).join(", ")})`;
    expect(await refusal(compileDynamo(list(100)))).toBeNull();
    const split = compileDynamo(list(250), { maxInValues: 250 });
    expect(split.FilterExpression!.match(/ IN \(/g)).toHaveLength(3);
    expect(await refusal(split)).toBeNull();
  });

  it("a long filter past 4 KB is E_LIMIT with the span of the condition that passes it", () => {
    const filter = Array.from({ length: 8 }, (_, i) => `a${i} in (${Array.from({ length: 100 }, (_, j) => j).join(", ")})`).join(" and ");
    let error: unknown;
    try {
      compileDynamo(filter);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    const d = (error as FilterError).diagnostics[0]!;
    expect(d.code).toBe("E_LIMIT");
    expect(d.params).toMatchObject({ limit: 4096 });
    expect(filter.slice(d.span.start.offset, d.span.end.offset)).toMatch(/^a6 in \(0, 1, .*99\)$/);
  });

  it("every golden expression is accepted by DynamoDB", async () => {
    const cases = JSON.parse(readFileSync(new URL("./golden/compile.json", import.meta.url), "utf8")).cases as { input: string; output: Record<string, unknown> }[];
    for (const c of cases) expect([c.input, await refusal(c.output)]).toEqual([c.input, null]);
  });
});
