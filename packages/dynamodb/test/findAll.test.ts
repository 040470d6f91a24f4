import { DescribeTableCommand, QueryCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { FilterError, isExactNumber, toNumberValue } from "@itemfilter/core";
import { DynamoRunError, explain, findAll, marshalItem, unmarshalItem } from "@itemfilter/dynamodb/run";

type Page = { Items?: Record<string, AttributeValue>[]; LastEvaluatedKey?: Record<string, AttributeValue> };

/** A stand-in client that answers from a script and records what it was sent. */
function scripted(answer: (command: unknown, sent: number) => Page | Promise<Page>) {
  const sent: { name: string; input: Record<string, unknown> }[] = [];
  const client = {
    async send(command: { input: Record<string, unknown> }, options?: { abortSignal?: AbortSignal }) {
      options?.abortSignal?.throwIfAborted();
      sent.push({ name: command.constructor.name, input: command.input });
      return answer(command, sent.length);
    },
  };
  return { client: client as unknown as DynamoDBClient, sent };
}

async function all(iterable: AsyncIterable<Record<string, unknown>>): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const item = (id: string, extra: Record<string, AttributeValue> = {}) => ({ id: { S: id }, ...extra });

describe("findAll", () => {
  it("an empty page with a LastEvaluatedKey is not the end: it pages on from that key", async () => {
    const pages: Page[] = [{ Items: [], LastEvaluatedKey: { id: { S: "k1" } } }, { Items: [item("a")], LastEvaluatedKey: { id: { S: "k2" } } }, { Items: [item("b")] }];
    const { client, sent } = scripted((_c, n) => pages[n - 1]!);
    expect(await all(findAll(client, { describe: false, TableName: "t", filter: 'x = 1' }))).toEqual([{ id: "a" }, { id: "b" }]);
    expect(sent.map((s) => s.input.ExclusiveStartKey)).toEqual([undefined, { id: { S: "k1" } }, { id: { S: "k2" } }]);
    expect(sent.every((s) => s.name === "ScanCommand" && s.input.TableName === "t" && s.input.FilterExpression === "#n0 = :v0")).toBe(true);
  });

  it("unites several Queries without duplicates, by the table's key", async () => {
    const { client, sent } = scripted(() => ({ Items: [item("a", { ts: { N: "1" } }), item("a", { ts: { N: "2" } })] }));
    const keys = { partition: "id", sort: "ts", types: { partition: "S" as const, sort: "N" as const } };
    const items = await all(findAll(client, { TableName: "t", filter: 'id = "a" and (ts = 1 or ts >= 2)', keys }));
    expect(sent.map((s) => s.name)).toEqual(["QueryCommand", "QueryCommand"]);
    expect(items).toEqual([{ id: "a", ts: 1 }, { id: "a", ts: 2 }]);
  });

  it("reads the key types with DescribeTable when they are not given, and sends no Query a key cannot match", async () => {
    const { client, sent } = scripted((command) =>
      command instanceof DescribeTableCommand
        ? ({ Table: { KeySchema: [{ AttributeName: "id", KeyType: "HASH" }], AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }] } } as never)
        : { Items: [item("u1")] },
    );
    expect(await all(findAll(client, { TableName: "t", filter: 'id = 1 or id = "u1"', keys: { partition: "id" } }))).toEqual([{ id: "u1" }]);
    expect(sent.map((s) => s.name)).toEqual(["DescribeTableCommand", "QueryCommand"]);
  });

  it("keys that are not the table's are a DynamoRunError that names the table's keys", async () => {
    const { client } = scripted(() => ({ Table: { KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }], AttributeDefinitions: [] } }) as never);
    const error = await all(findAll(client, { TableName: "t", filter: 'id = "x"', keys: { partition: "id" } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect((error as DynamoRunError).code).toBe("E_DYNAMO_TABLE");
    expect((error as DynamoRunError).hint).toBe('pass keys: { partition: "pk" }, or keys: await describeTable(client, table)');
  });

  it("stops after limit items without reading another page", async () => {
    const { client, sent } = scripted(() => ({ Items: [item("a"), item("b"), item("c")], LastEvaluatedKey: { id: { S: "c" } } }));
    expect(await all(findAll(client, { describe: false, TableName: "t", filter: "", limit: 2 }))).toEqual([{ id: "a" }, { id: "b" }]);
    expect(sent).toHaveLength(1);
    expect(await all(findAll(client, { describe: false, TableName: "t", filter: "", limit: 0 }))).toEqual([]);
    expect(() => findAll(client, { describe: false, TableName: "t", filter: "", limit: -1 })).toThrow(TypeError);
  });

  it("a number a double cannot hold is read exactly (issue 32), and text that is no DynamoDB number is an error naming the attribute", async () => {
    const { client } = scripted(() => ({ Items: [item("a", { n: { N: "12345678901234567891" }, set: { NS: ["9007199254740993", "0.5"] } })] }));
    const [got] = await all(findAll(client, { describe: false, TableName: "t", filter: "" }));
    expect([String(got!.n), isExactNumber(got!.n), [...(got!.set as Set<unknown>)].map(String)]).toEqual(["12345678901234567891", true, ["9007199254740993", "0.5"]]);
    const bad = scripted(() => ({ Items: [item("a", { n: { N: "1e400" } })] }));
    const error = await all(findAll(bad.client, { describe: false, TableName: "t", filter: "" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect((error as DynamoRunError).code).toBe("E_DYNAMO_NUMBER");
    expect((error as DynamoRunError).attribute).toBe("n");
    expect((error as DynamoRunError).message).toMatch(/1e400 in 'n' is not one DynamoDB holds \(beyond 1e-130 to below 1e126\)/);
  });

  it("aborting stops as the client's AbortError does (name AbortError, code E_ABORTED, the reason as cause), before or between requests", async () => {
    const before = new AbortController();
    const reason = new Error("stop");
    before.abort(reason);
    const { client, sent } = scripted(() => ({ Items: [item("a")], LastEvaluatedKey: { id: { S: "a" } } }));
    const error = await all(findAll(client, { describe: false, TableName: "t", filter: "", signal: before.signal })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "AbortError", code: "E_ABORTED", cause: reason });
    expect(error).toBeInstanceOf(DynamoRunError);
    expect(sent).toHaveLength(0);
    const during = new AbortController();
    const seen: unknown[] = [];
    const run = (async () => {
      for await (const x of findAll(client, { describe: false, TableName: "t", filter: "", signal: during.signal })) {
        seen.push(x);
        if (seen.length === 3) during.abort(new Error("enough"));
      }
    })();
    await expect(run).rejects.toMatchObject({ code: "E_ABORTED", cause: new Error("enough") });
    expect(seen).toHaveLength(3);
  });

  it("takes the client's option names: table, compileOptions, and a result type", async () => {
    const { client, sent } = scripted(() => ({ Items: [item("a", { age: { N: "31" } })] }));
    const schema = { attributes: { age: { type: "number" as const, aliases: ["years"] } } };
    const people: { id: string; age: number }[] = [];
    for await (const person of findAll<{ id: string; age: number }>(client, { describe: false, table: "people", filter: "years >= 30", compileOptions: { schema } })) people.push(person);
    expect(people).toEqual([{ id: "a", age: 31 }]);
    expect(sent[0]!.input).toMatchObject({ TableName: "people", ExpressionAttributeNames: { "#n0": "age" } });
    expect(() => findAll(client, { describe: false, table: "a", TableName: "b", filter: "" })).toThrow("findAll: give the table once, as table or TableName");
    expect(() => findAll(client, { describe: false, filter: "" })).toThrow("findAll: table must be a non-empty string");
    expect(explain({ table: "people", filter: "years >= 30", compileOptions: { schema } })[0]!.input.TableName).toBe("people");
  });

  it("onEvent hears of every call: command, table, counts and consumed capacity, never an item", async () => {
    const pages = [
      { Items: [item("a")], Count: 1, ScannedCount: 5, ConsumedCapacity: { CapacityUnits: 0.5 }, LastEvaluatedKey: { id: { S: "a" } } },
      { Items: [item("b", { secret: { S: "s3cret" } })], Count: 1, ScannedCount: 3, ConsumedCapacity: { CapacityUnits: 0.5 } },
    ];
    const { client, sent } = scripted((_c, n) => pages[n - 1]!);
    const events: unknown[] = [];
    await all(findAll(client, { describe: false, table: "t", filter: "x != 1", onEvent: (e) => {
      events.push({ ...e, durationMs: typeof e.durationMs });
      throw new Error("a broken logger changes nothing");
    } }));
    expect(events).toEqual([
      { command: "Scan", table: "t", durationMs: "number", outcome: "ok", items: 1, scanned: 5, consumed: 0.5 },
      { command: "Scan", table: "t", durationMs: "number", outcome: "ok", items: 1, scanned: 3, consumed: 0.5 },
    ]);
    expect(sent.every((s) => s.input.ReturnConsumedCapacity === "TOTAL")).toBe(true);
    expect(JSON.stringify(events)).not.toContain("s3cret");
    const quiet = scripted(() => ({ Items: [] }));
    await all(findAll(quiet.client, { describe: false, table: "t", filter: "" }));
    expect(quiet.sent[0]!.input.ReturnConsumedCapacity).toBeUndefined();
  });

  it("DynamoDB's refusal is a DynamoRunError with the SDK's error as cause", async () => {
    const refusal = Object.assign(new Error("Requested resource not found"), { name: "ResourceNotFoundException" });
    const { client } = scripted(() => {
      throw refusal;
    });
    const error = await all(findAll(client, { describe: false, TableName: "gone", filter: "" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DynamoRunError);
    expect((error as DynamoRunError).code).toBe("E_DYNAMO_REQUEST");
    expect((error as DynamoRunError).message).toBe("DynamoDB could not run the Scan on table 'gone': ResourceNotFoundException: Requested resource not found");
    expect((error as DynamoRunError).cause).toBe(refusal);
  });

  it("bad filter text is a FilterError at the call, before anything is sent", () => {
    const { client, sent } = scripted(() => ({ Items: [] }));
    expect(() => findAll(client, { describe: false, TableName: "t", filter: "a = " })).toThrow(FilterError);
    expect(sent).toHaveLength(0);
  });

  it("checks a residual on the key attributes locally", async () => {
    const { client, sent } = scripted(() => ({ Items: [item("a", { ts: { N: "5" } }), item("a", { ts: { N: "25" } })] }));
    const keys = { partition: "id", sort: "ts", types: { partition: "S" as const, sort: "N" as const } };
    expect(await all(findAll(client, { TableName: "t", filter: 'id = "a" and ts > 1 and ts < 20', keys }))).toEqual([{ id: "a", ts: 5 }]);
    expect(sent[0]!.input.KeyConditionExpression).toBe("#n0 = :v0 AND #n1 > :v1");
  });
});

describe("explain", () => {
  it("returns the requests with TableName, sending nothing", () => {
    expect(explain({ TableName: "users", filter: 'id = "u1" and age >= 30', keys: { partition: "id" } })).toEqual([
      {
        command: "Query",
        input: {
          TableName: "users",
          KeyConditionExpression: "#n0 = :v0",
          FilterExpression: "#n1 >= :v1",
          ExpressionAttributeNames: { "#n0": "id", "#n1": "age" },
          ExpressionAttributeValues: { ":v0": { S: "u1" }, ":v1": { N: "30" } },
        },
        residual: null,
      },
    ]);
  });
});

describe("marshalItem and unmarshalItem", () => {
  it("round-trip items: arrays are lists (L) whatever they hold, Sets are SS, NS or BS, NULL is null", () => {
    const json = { s: "x", n: 0.1, big: 1e21, t: true, z: null, ls: ["a", "b"], ln: [1, 2.5], l: ["a", 1], e: [], m: { k: "v" }, __proto__: 1 };
    const raw = marshalItem(JSON.parse(JSON.stringify(json)) as Record<string, unknown>);
    expect(raw.ls).toEqual({ L: [{ S: "a" }, { S: "b" }] });
    expect(raw.ln).toEqual({ L: [{ N: "1" }, { N: "2.5" }] });
    expect(raw.z).toEqual({ NULL: true });
    expect(unmarshalItem(raw)).toEqual(JSON.parse(JSON.stringify(json)));
    const sets = { ss: new Set(["b", "a"]), ns: new Set([2.5, 1]), bs: new Set([{ $binary: "AQI=" }]), js: { $set: ["x", "x"] } };
    const written = marshalItem(sets);
    expect(written).toEqual({ ss: { SS: ["b", "a"] }, ns: { NS: ["2.5", "1"] }, bs: { BS: [new Uint8Array([1, 2])] }, js: { SS: ["x"] } });
    expect(unmarshalItem(written)).toEqual({ ...sets, js: new Set(["x"]) });
    expect(() => marshalItem({ e: new Set() })).toThrow("'e' is an empty set, which DynamoDB cannot hold");
    expect(() => marshalItem({ m: { x: new Set(["a", 1]) } })).toThrow("'m.x' is a set that is not all strings, all numbers or all binaries");
    const proto = unmarshalItem({ ["__proto__"]: { S: "own" } } as Record<string, AttributeValue>);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(["__proto__"]);
  });

  it("marshalItem writes unmarshalItem's binary form back as B; other $binary members stay maps", () => {
    expect(marshalItem({ b: { $binary: "AQID" } }).b).toEqual({ B: new Uint8Array([1, 2, 3]) });
    expect(unmarshalItem(marshalItem({ b: { $binary: "AQID" } }))).toEqual({ b: { $binary: "AQID" } });
    expect(marshalItem({ m: { $binary: "not base64!" } }).m).toEqual({ M: { $binary: { S: "not base64!" } } });
    expect(marshalItem({ m: { $binary: "AQID", x: 1 } }).m).toEqual({ M: { $binary: { S: "AQID" } as AttributeValue, x: { N: "1" } } });
  });

  it("marshalItem refuses a number DynamoDB cannot hold, naming it", () => {
    expect(() => marshalItem({ a: { b: 1e200 } })).toThrow(/in 'a.b' is out of DynamoDB's range/);
  });

  it("unmarshalItem reads every spelling of a number, keeping digits a double would round as an ExactNumber (issue 32)", () => {
    expect(unmarshalItem({ a: { N: "1.50" }, b: { N: "1E+21" }, c: { N: "-0" }, d: { N: "0.000001" }, e: { N: "+.5" }, f: { N: "5." } })).toEqual({ a: 1.5, b: 1e21, c: -0, d: 0.000001, e: 0.5, f: 5 });
    const item = unmarshalItem({ x: { L: [{ N: "0.1000000000000000055511151231257827" }] }, id: { N: "12345678901234567890123456789012345678" } });
    expect([(item.x as unknown[]).map(String), String(item.id), isExactNumber(item.id)]).toEqual([["0.1000000000000000055511151231257827"], "12345678901234567890123456789012345678", true]);
    expect(() => unmarshalItem({ x: { L: [{ N: "1".repeat(39) }] } })).toThrow(/in 'x\[0\]' is not one DynamoDB holds \(more than 38 significant digits\)/);
    expect(() => unmarshalItem({ x: { N: "abc" } })).toThrow(/in 'x' is not one DynamoDB holds \(not a number's text\)/);
  });

  it.each([
    ["12345678901234567890.12", "12345678901234567890.12"],
    ["9007199254740993", "9007199254740993"],
    ["-1.5e-120", "-1.5e-120"],
  ])("marshalItem writes an ExactNumber's digits as they are: %s", (text, n) => {
    const value = toNumberValue(text);
    expect(marshalItem({ a: value, s: new Set([value, 1]) })).toEqual({ a: { N: n }, s: { NS: [n, "1"] } });
    expect(unmarshalItem(marshalItem({ a: value })).a).toEqual(value);
  });
});

describe("findAll's union", () => {
  it("an item that fails one request's residual still comes from another request that returns it", async () => {
    // Found by the property test: `pk = "p1" and (not (a contains "") or sk <= 0 or …)` is a partition Query
    // with a local residual and a Query for sk <= 0; the item (p1, -1.5) fails the first and passes the second.
    const filter = 'id = "p1" and ((not (a contains "")) or (ts <= 0) or ((id is null) and (a between 1 and 1)))';
    const keys = { partition: "id", sort: "ts", types: { partition: "S" as const, sort: "N" as const } };
    const { client, sent } = scripted(() => ({ Items: [item("p1", { ts: { N: "-1.5" }, a: { S: "x" } })] }));
    expect(await all(findAll(client, { TableName: "t", filter, keys }))).toEqual([{ id: "p1", ts: -1.5, a: "x" }]);
    expect(sent).toHaveLength(2);
  });
});
