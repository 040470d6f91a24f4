import type { AttributeValue, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { planDynamo } from "@itemfilter/dynamodb";
import { DynamoRunError, findAll } from "@itemfilter/dynamodb/run";

type Input = { Segment?: number; TotalSegments?: number; ExclusiveStartKey?: Record<string, AttributeValue> };
type Answer = { Items: Record<string, AttributeValue>[]; ScannedCount: number; LastEvaluatedKey?: Record<string, AttributeValue> };

/** A stand-in client whose answer to each page may wait; records each input and whether its signal was aborted in the end. */
function segmented(answer: (input: Input, signal: AbortSignal | undefined) => Answer | Promise<Answer>) {
  const sent: { input: Input; signal: AbortSignal | undefined }[] = [];
  const client = {
    async send(command: { input: Input }, options?: { abortSignal?: AbortSignal }) {
      sent.push({ input: command.input, signal: options?.abortSignal });
      return answer(command.input, options?.abortSignal);
    },
  };
  return { client: client as unknown as DynamoDBClient, sent };
}

const row = (id: string) => ({ id: { S: id } });
/** Waits until the signal aborts, then fails as the SDK does. */
const hang = (signal: AbortSignal | undefined) => new Promise<never>((_r, reject) => signal?.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { name: "AbortError" }))));

describe("segments", () => {
  it("runs a Scan as parallel segments, each paged on its own, every item once", async () => {
    const { client, sent } = segmented((input) => {
      const s = input.Segment!;
      if (input.ExclusiveStartKey === undefined) return { Items: [row(`${s}a`)], ScannedCount: 1, LastEvaluatedKey: row(`${s}a`) };
      return { Items: [row(`${s}b`)], ScannedCount: 1 };
    });
    const got: unknown[] = [];
    for await (const item of findAll(client, { table: "t", filter: "", segments: 3, describe: false })) got.push(item.id);
    expect(got.sort()).toEqual(["0a", "0b", "1a", "1b", "2a", "2b"]);
    expect(sent.map(({ input }) => [input.Segment, input.TotalSegments, input.ExclusiveStartKey?.id?.S ?? null]).sort()).toEqual([
      [0, 3, null], [0, 3, "0a"], [1, 3, null], [1, 3, "1a"], [2, 3, null], [2, 3, "2a"],
    ]);
  });

  it("ends every segment when one fails, and reports that failure", async () => {
    const { client, sent } = segmented((input, signal) => {
      if (input.Segment === 1) throw Object.assign(new Error("no such attribute"), { name: "ValidationException" });
      return hang(signal);
    });
    const error = await (async () => {
      for await (const _ of findAll(client, { table: "t", filter: "", segments: 3, describe: false, retry: { retries: 0 } })) void _;
    })().catch((e: unknown) => e);
    expect([(error as DynamoRunError).code, (error as DynamoRunError).message]).toEqual(["E_DYNAMO_REQUEST", "DynamoDB could not run the Scan on table 't': ValidationException: no such attribute"]);
    // Each attempt has a signal of its own (the retry policy's timeout): the segments still waiting are aborted; the one that failed was over.
    expect(sent.map((s) => [s.input.Segment, s.signal?.aborted])).toEqual([[0, true], [1, false], [2, true]]);
  });

  it("ends every segment when the consumer stops (limit) and when the caller aborts", async () => {
    const first = segmented((input, signal) => (input.Segment === 0 ? { Items: [row("a")], ScannedCount: 1 } : hang(signal)));
    const got: unknown[] = [];
    for await (const item of findAll(first.client, { table: "t", filter: "", segments: 4, limit: 1, describe: false })) got.push(item.id);
    expect(got).toEqual(["a"]);
    expect(first.sent.map((s) => [s.input.Segment, s.signal?.aborted])).toEqual([[0, false], [1, true], [2, true], [3, true]]);

    const caller = new AbortController();
    const second = segmented((_input, signal) => hang(signal));
    const run = (async () => {
      for await (const _ of findAll(second.client, { table: "t", filter: "", segments: 2, signal: caller.signal, describe: false })) void _;
    })().catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort(new Error("user left"));
    const error = (await run) as DynamoRunError;
    expect([error.code, (error.cause as Error).message]).toEqual(["E_ABORTED", "user left"]);
    expect(second.sent.map((s) => s.signal?.aborted)).toEqual([true, true]);
  });

  it.each([
    [{ segments: 4 }, 4],
    [{ keys: { partition: "id", sizeBytes: 3.5 * 2 ** 30 } }, 4],
    [{ keys: { partition: "id", sizeBytes: 100 * 2 ** 30 } }, 16],
    [{ keys: { partition: "id", sizeBytes: 10_000 } }, undefined],
    [{ keys: { partition: "id", sizeBytes: 100 * 2 ** 30 }, segments: 1 }, undefined],
  ])("a Scan planned with %j has TotalSegments %s; a Query none", (options, total) => {
    expect(planDynamo("x = 1", options).map((r) => r.input.TotalSegments)).toEqual([total]);
    expect(planDynamo('id = "a"', { keys: { partition: "id" }, segments: 4 }).map((r) => r.input.TotalSegments)).toEqual([undefined]);
  });

  it("refuses segments outside 1 to 1000", () => {
    for (const segments of [0, 1001, 1.5]) expect(() => planDynamo("", { segments })).toThrow("planDynamo: segments takes a whole number from 1 to 1000");
  });
});
