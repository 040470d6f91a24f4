import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { DynamoRunError, findPage } from "@itemfilter/dynamodb/run";

type Input = { TableName: string; ExclusiveStartKey?: Record<string, AttributeValue>; KeyConditionExpression?: string };

/** A table of DynamoDB pages of 3 items (a, b, c | d, e, f | g), answering any Scan or Query from its ExclusiveStartKey. */
function table() {
  const ids = ["a", "b", "c", "d", "e", "f", "g"];
  const sent: Input[] = [];
  const client = {
    async send(command: { input: Input; constructor: { name: string } }) {
      // Without the keys, findPage learns the table's key from DescribeTable to write a cursor.
      if (command.constructor.name === "DescribeTableCommand") return { Table: { KeySchema: [{ AttributeName: "id", KeyType: "HASH" }] } };
      sent.push(command.input);
      const from = command.input.ExclusiveStartKey === undefined ? 0 : ids.indexOf(command.input.ExclusiveStartKey.id!.S!) + 1;
      const page = ids.slice(from, from + 3);
      const last = page.at(-1);
      return { Items: page.map((id) => ({ id: { S: id }, n: { N: String(ids.indexOf(id)) } })), ...(from + 3 < ids.length ? { LastEvaluatedKey: { id: { S: last! } } } : {}) };
    },
  };
  return { client: client as unknown as DynamoDBClient, sent };
}

async function pages(client: DynamoDBClient, limit: number, filter = ""): Promise<string[][]> {
  const out: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await findPage(client, { describe: false, table: "t", filter, limit, ...(cursor === undefined ? {} : { cursor }) });
    out.push(page.items.map((item) => item.id as string));
    cursor = page.cursor;
  } while (cursor !== undefined);
  return out;
}

describe("findPage on DynamoDB", () => {
  it.each([
    [1, [["a"], ["b"], ["c"], ["d"], ["e"], ["f"], ["g"]]],
    [2, [["a", "b"], ["c", "d"], ["e", "f"], ["g"]]],
    [3, [["a", "b", "c"], ["d", "e", "f"], ["g"]]],
    [7, [["a", "b", "c", "d", "e", "f", "g"]]],
    [10, [["a", "b", "c", "d", "e", "f", "g"]]],
  ])("pages of %i across DynamoDB's pages: exact sizes, the last never empty", async (limit, expected) => {
    expect(await pages(table().client, limit)).toEqual(expected);
  });

  it("resumes after the last item handed out, from that item's own key, with nothing kept between pages", async () => {
    const { client, sent } = table();
    const first = await findPage(client, { describe: false, table: "t", filter: "", limit: 4 });
    expect(first.items.map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
    sent.length = 0;
    const second = await findPage(client, { describe: false, table: "t", filter: "", limit: 4, cursor: first.cursor! });
    expect(second).toEqual({ items: [{ id: "e", n: 4 }, { id: "f", n: 5 }, { id: "g", n: 6 }] });
    expect(sent.map((input) => input.ExclusiveStartKey?.id?.S ?? null)).toEqual(["d"]);
  });

  it.each([
    ["an altered cursor", (cursor: string) => ({ filter: "", cursor: cursor.slice(0, -2) + (cursor.endsWith("A") ? "BB" : "AA") }), "the cursor"],
    ["another filter's cursor", (cursor: string) => ({ filter: "n > 1", cursor }), "the cursor was altered, or it belongs to another table, filter or keys"],
    ["another table's cursor", (cursor: string) => ({ filter: "", cursor, table: "u" }), "the cursor was altered, or it belongs to another table, filter or keys"],
    ["a cursor that is not a string", () => ({ filter: "", cursor: 7 as unknown as string }), "the cursor must be a string"],
    ["a cursor too long to be one", () => ({ filter: "", cursor: "A".repeat(12_289) }), "the cursor is longer than 12288 characters, so no page made it"],
  ])("refuses %s with E_CURSOR before anything is sent", async (_name, change, message) => {
    const { client, sent } = table();
    const { cursor } = await findPage(client, { describe: false, table: "t", filter: "", limit: 2 });
    sent.length = 0;
    const error = await findPage(client, { describe: false, table: "t", limit: 2, ...change(cursor!) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect((error as DynamoRunError).code).toBe("E_CURSOR");
    expect((error as DynamoRunError).message).toContain(message);
    expect(sent).toEqual([]);
  });

  it("takes a limit from 1 to 10000", async () => {
    for (const limit of [0, 10_001, 1.5]) await expect(findPage(table().client, { table: "t", filter: "", limit })).rejects.toThrow("findPage: limit takes a whole number from 1 to 10000");
  });
});
