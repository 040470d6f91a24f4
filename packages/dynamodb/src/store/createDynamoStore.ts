import {
  DescribeTableCommand,
  ListTablesCommand,
  QueryCommand,
  ScanCommand,
  type AttributeValue,
  type DynamoDBClient,
  type QueryCommandInput,
  type ScanCommandInput,
} from "@aws-sdk/client-dynamodb";
import { matches, type ListFilter } from "@itemfilter/core";
import { RequestError, type Item, type Page, type Store, type StoreTable } from "@itemfilter/emulator";
import { shapeOf } from "../run/describeTable.js";
import { createBackoff, withRetry, type RetryOptions } from "../run/retryPolicy.js";
import { orderItem } from "../run/orderItem.js";
import { unmarshalItem } from "../run/unmarshalItem.js";
import { readingEveryName } from "../run/everyName.js";
import { keyText, unreadableItem } from "../run/unreadableItem.js";
import { dynamoFailure } from "./dynamoFailure.js";
import { keyConditions, scanConditions } from "./legacyConditions.js";
import { fetchItems } from "../run/fetchItems.js";
import type { Call as RunCall } from "../run/runCalls.js";
import { listQuery, type ListQuery } from "./listQuery.js";
import { exclusiveStartKey, pageKey, type DynamoTable, type PageTarget } from "./pageKeys.js";
import { keyRangeOnly, scopedPage, scopeExpression, type ScopedRead } from "./scopedPage.js";

export interface DynamoStoreOptions {
  /** A DynamoDB client from `@aws-sdk/client-dynamodb`, with its endpoint, region and credentials (the SDK's chain). */
  client: DynamoDBClient;
  /**
   * Most DynamoDB calls one page may make: a selective filter may need
   * several Scans (each reads at most 1 MB) to fill a page, and past this
   * the page ends early with a stopKey, so one answer never takes long. 10 when left out.
   */
  maxCallsPerPage?: number;
  /** The retry policy of each DynamoDB call (README, "Retries"), its timeoutMs included; what it cannot get past is a 429 or 503. */
  retry?: RetryOptions;
  /**
   * The most time one answer may spend on DynamoDB, retries and their waits
   * included, in milliseconds: past it, throttling is answered 429 with
   * `Retry-After`, and no answer 503, so a client hears why within its own
   * timeout (the client's is 10 s) instead of timing out. A page that has
   * made calls already ends early with a stopKey instead. 5,000 when left out.
   */
  answerWithinMs?: number;
  /**
   * Told of every Query and Scan call that succeeded: which table and index
   * it read and how many items DynamoDB read for it (ScannedCount). Never
   * an item, a filter value or a credential. What it throws is ignored.
   */
  onCall?: (call: StoreCall) => void;
}

/** One Query, Scan or BatchGetItem call of the store, as onCall hears of it. */
export interface StoreCall {
  command: "Query" | "Scan" | "BatchGetItem";
  table: string;
  /** The index read, when the call read one. */
  index?: string;
  /** Items DynamoDB read (ScannedCount; for a BatchGetItem, the items it returned). */
  scanned: number;
}

/** The store's answer budget when answerWithinMs is left out: half the client's default timeout. */
export const DEFAULT_ANSWER_WITHIN_MS = 5_000;

/** The most table names an unknown-table message lists come from one ListTables call of this size. */
const LIST_TABLES_LIMIT = 100;

type Call = { kind: "Scan"; input: ScanCommandInput } | { kind: "Query"; input: QueryCommandInput; fetch?: ListQuery["fetch"] };

/**
 * The DynamoDB store behind `itemfilter serve --dynamodb-endpoint`: tables by
 * their DynamoDB names, key schema from DescribeTable (the HASH key is the
 * primary key, the RANGE key the secondary one). listItems is the Query
 * planDynamo chooses for its filters, on the table or an index, when one
 * Query serves them (each item checked again with core's matches), else a
 * Scan with the filters as a legacy ScanFilter; queryItems a Query with
 * KeyConditions; `limit` is DynamoDB's Limit (items evaluated), and page
 * keys are LastEvaluatedKey (see PROTOCOL.md).
 */
export function createDynamoStore(options: DynamoStoreOptions): Store {
  const { client } = options;
  const maxCalls = options.maxCallsPerPage ?? 10;
  if (!Number.isSafeInteger(maxCalls) || maxCalls < 1) throw new RangeError("maxCallsPerPage must be a whole number of at least 1");
  const described = new Map<string, Promise<DynamoTable | undefined>>();
  const answerWithin = options.answerWithinMs ?? DEFAULT_ANSWER_WITHIN_MS;
  if (!Number.isSafeInteger(answerWithin) || answerWithin < 1) throw new RangeError("answerWithinMs must be a whole number of milliseconds of at least 1");
  const backoff = createBackoff(options.retry);
  /** The call under the retry policy, given up by `until` (performance.now()), the answer's deadline. */
  const retried = <T>(call: (signal: AbortSignal) => Promise<T>, until: number): Promise<T> => withRetry(call, backoff, undefined, { withinMs: Math.max(0, until - performance.now()) });
  const deadline = (): number => performance.now() + answerWithin;

  const describe = async (name: string): Promise<DynamoTable | undefined> => {
    // DynamoDB's own rule for names; anything else cannot be a table, so DynamoDB is not asked.
    if (!/^[A-Za-z0-9_.-]{3,255}$/.test(name)) return undefined;
    try {
      const { Table } = await retried((signal) => client.send(new DescribeTableCommand({ TableName: name }), { abortSignal: signal }), deadline());
      const keyOf = (type: "HASH" | "RANGE") => Table?.KeySchema?.find((k) => k.KeyType === type)?.AttributeName;
      const typeOf = (attribute: string | undefined) => Table?.AttributeDefinitions?.find((d) => d.AttributeName === attribute)?.AttributeType;
      const primaryKey = keyOf("HASH");
      const secondaryKey = keyOf("RANGE");
      const primaryType = typeOf(primaryKey);
      const secondaryType = typeOf(secondaryKey);
      if (primaryKey === undefined || primaryType === undefined) throw new Error(`DescribeTable gave no key schema for ${name}`);
      if (primaryType === "B" || secondaryType === "B") {
        throw new RequestError(400, `table ${JSON.stringify(name)} has a binary key, which the service's keys (strings and numbers) cannot name`);
      }
      const keys = shapeOf(Table);
      return secondaryKey === undefined ? { name, primaryKey, primaryType, keys } : { name, primaryKey, primaryType, secondaryKey, secondaryType: secondaryType!, keys };
    } catch (error) {
      if ((error as { name?: unknown })?.name === "ResourceNotFoundException") return undefined;
      throw dynamoFailure(error, name);
    }
  };

  const table = (name: string): Promise<DynamoTable | undefined> => {
    let found = described.get(name);
    if (found === undefined) {
      found = describe(name);
      described.set(name, found);
      // Only a table that exists is remembered: one created later is found on the next request.
      void found.then(
        (t) => t === undefined && described.delete(name),
        () => described.delete(name),
      );
    }
    return found;
  };

  const known = (t: StoreTable): Promise<DynamoTable> =>
    table(t.name).then((d) => {
      if (d === undefined) throw new RequestError(404, `there is no table ${JSON.stringify(t.name)}`);
      return d;
    });

  const send = async (call: Call, until: number): Promise<{ Items?: Record<string, AttributeValue>[]; LastEvaluatedKey?: Record<string, AttributeValue>; ScannedCount?: number }> => {
    const out = await retried(
      (signal) =>
        call.kind === "Scan"
          ? client.send(readingEveryName(new ScanCommand(call.input), client), { abortSignal: signal })
          : client.send(readingEveryName(new QueryCommand(call.input), client), { abortSignal: signal }),
      until,
    );
    const { TableName, IndexName } = call.input;
    try {
      options.onCall?.({ command: call.kind, table: TableName!, ...(IndexName === undefined ? {} : { index: IndexName }), scanned: out.ScannedCount ?? 0 });
    } catch {
      // Logging must never change what a request answers.
    }
    return out;
  };

  const fetchWhole = (TableName: string, fetch: NonNullable<ListQuery["fetch"]>, IndexName: string | undefined, raws: Record<string, AttributeValue>[], until: number) => {
    const call: RunCall = async (_operation, sendCall) => {
      const out = (await retried(sendCall, until)) as { Responses?: Record<string, unknown[]> };
      try {
        options.onCall?.({ command: "BatchGetItem", table: TableName, ...(IndexName === undefined ? {} : { index: IndexName }), scanned: out.Responses?.[TableName]?.length ?? 0 });
      } catch {
        // Logging must never change what a request answers.
      }
      return out as never;
    };
    return fetchItems(client, TableName, { command: "Query", input: IndexName === undefined ? {} : { IndexName }, residual: null, fetch }, raws, call, backoff, undefined);
  };

  /**
   * An item as JSON, or a 422 that names it by its key and says which
   * attribute cannot be read: every read that reaches it meets the same, so
   * it is not a status a client retries.
   */
  const readItem = (t: DynamoTable, raw: Record<string, AttributeValue>): Item => {
    const keyNames = t.secondaryKey === undefined ? [t.primaryKey] : [t.primaryKey, t.secondaryKey];
    // The AWS SDK reads an attribute named __proto__ as undefined: refused by name rather than dropped in silence.
    const lost = Object.keys(raw).find((name) => raw[name] === undefined);
    if (lost !== undefined) {
      throw new RequestError(422, `the item ${keyText(raw, keyNames)} of table ${JSON.stringify(t.name)} has an attribute named ${JSON.stringify(lost)}, which the AWS SDK cannot read`);
    }
    try {
      return orderItem(unmarshalItem(raw), keyNames);
    } catch (error) {
      const named = unreadableItem(error, raw, keyNames, t.name);
      throw named instanceof Error && named !== error ? new RequestError(422, named.message) : error;
    }
  };

  /**
   * One page of the service from as many DynamoDB calls as it takes: until
   * `limit` items are evaluated (DynamoDB's ScannedCount), the page holds
   * pageSize items, DynamoDB has nothing more, or maxCalls calls were made.
   */
  const readPage = async (t: DynamoTable, first: Call, limit: number | undefined, pageSize: number, rest: readonly ListFilter[], target: PageTarget | undefined): Promise<Page> => {
    const until = deadline();
    const items: Item[] = [];
    let evaluated = 0;
    let startKey = first.input.ExclusiveStartKey;
    for (let calls = 1; ; calls++) {
      const budget = limit === undefined ? undefined : limit - evaluated;
      const input = { ...first.input, ...(budget === undefined ? {} : { Limit: budget }), ...(startKey === undefined ? {} : { ExclusiveStartKey: startKey }) };
      const out = await send({ kind: first.kind, input } as Call, until);
      evaluated += out.ScannedCount ?? 0;
      const returned = out.Items ?? [];
      const fetch = first.kind === "Query" ? first.fetch : undefined;
      // An index that projects less gives keys: the whole items are fetched by them, one deleted since is skipped.
      const whole = fetch === undefined ? returned : await fetchWhole(t.name, fetch, input.IndexName, returned, until);
      for (let i = 0; i < returned.length; i++) {
        const raw = whole[i];
        if (raw === undefined) continue;
        const item = readItem(t, raw);
        if (rest.length > 0 && !matches(item, [...rest])) continue;
        items.push(item);
        if (items.length === pageSize) {
          // The page is full: resume after this item, or where DynamoDB stopped if it was the call's last.
          if (i < returned.length - 1) return { items, stopKey: pageKey(t, returned[i]!, target) };
          return out.LastEvaluatedKey === undefined ? { items } : { items, stopKey: pageKey(t, out.LastEvaluatedKey, target) };
        }
      }
      if (out.LastEvaluatedKey === undefined) return { items };
      // Past the answer's budget the page ends here, as at maxCalls: the client asks for the rest in time.
      if ((limit !== undefined && evaluated >= limit) || calls >= maxCalls || performance.now() >= until) return { items, stopKey: pageKey(t, out.LastEvaluatedKey, target) };
      startKey = out.LastEvaluatedKey;
    }
  };

  /** readPage, with every failure (DynamoDB's, or an item JSON cannot carry) as the service's answer. */
  const page = (t: DynamoTable, first: Call, limit: number | undefined, pageSize: number, rest: readonly ListFilter[], target?: PageTarget): Promise<Page> =>
    readPage(t, first, limit, pageSize, rest, target).catch((error: unknown) => {
      // A table deleted since it was described is looked up afresh next time.
      if ((error as { name?: unknown })?.name === "ResourceNotFoundException") described.delete(t.name);
      throw dynamoFailure(error, t.name);
    });

  /** scopedPage, with its failures as the service's answers, as page's. */
  const scoped = (read: ScopedRead): Promise<Page> =>
    // Each call within a budget of its own: a scoped page ends where its own rules say, not at the answer's budget.
    scopedPage(read, { call: (kind, input) => send({ kind, input } as Call, deadline()), readItem }).catch((error: unknown) => {
      if ((error as { name?: unknown })?.name === "ResourceNotFoundException") described.delete(read.table.name);
      throw dynamoFailure(error, read.table.name);
    });

  return {
    table,
    async tableNames() {
      try {
        const out = await retried((signal) => client.send(new ListTablesCommand({ Limit: LIST_TABLES_LIMIT }), { abortSignal: signal }), deadline());
        return out.TableNames ?? [];
      } catch (error) {
        throw dynamoFailure(error, "");
      }
    },
    async listItems({ table: wanted, filters, limit, startKey, pageSize, scope }) {
      const t = await known(wanted);
      // First, as before: a value DynamoDB cannot hold is the request's 400, whatever is read.
      const { ScanFilter, rest } = scanConditions(filters);
      const query = listQuery(t, filters);
      if (query === "none") {
        exclusiveStartKey(t, startKey);
        return { items: [] };
      }
      if (scope !== undefined) {
        // Under a scope DynamoDB is given the scope alone (a Scan's FilterExpression) or nothing but the key range (a Query's,
        // which may not name a key attribute): the items in the scope are counted here, and the filters checked here.
        const common = { table: t, scope, filters, limit, pageSize, maxCalls };
        // An index read for keys only (its items fetched whole afterwards) is not read under a scope: the scope is judged on whole items.
        if (query !== null && query.fetch === undefined) {
          const input: QueryCommandInput = { TableName: t.name, ...keyRangeOnly(query.input), ExclusiveStartKey: exclusiveStartKey(t, startKey, query.target) };
          return scoped({ ...common, kind: "Query", input, scopeSent: false, target: query.target });
        }
        const expression = scopeExpression(scope);
        const input: ScanCommandInput = { TableName: t.name, ...(expression ?? {}), ExclusiveStartKey: exclusiveStartKey(t, startKey) };
        return scoped({ ...common, kind: "Scan", input, scopeSent: expression !== null, target: undefined });
      }
      if (query !== null) {
        // The planner's FilterExpression is exact; every condition is checked on the items again all the same,
        // the key conditions it leaves to a local check among them.
        const input: QueryCommandInput = { TableName: t.name, ...query.input, ExclusiveStartKey: exclusiveStartKey(t, startKey, query.target) };
        return page(t, { kind: "Query", input, ...(query.fetch === undefined ? {} : { fetch: query.fetch }) }, limit, pageSize, filters, query.target);
      }
      const input: ScanCommandInput = { TableName: t.name, ...(ScanFilter === undefined ? {} : { ScanFilter }), ExclusiveStartKey: exclusiveStartKey(t, startKey) };
      return page(t, { kind: "Scan", input }, limit, pageSize, rest);
    },
    async queryItems({ table: wanted, filter, primary, limit, startKey, searchForward, pageSize, scope }) {
      const t = await known(wanted);
      if (primary === undefined) {
        throw new RequestError(400, `a query on DynamoDB reads one partition: give key.primary (a value of ${JSON.stringify(t.primaryKey)}); to read the whole table, use listItems`);
      }
      // serveOperation sends a filter only for a table with a secondary key; without one, the
      // whole partition is a Query on the partition key alone (every DynamoDB item has the sort key).
      const input: QueryCommandInput = {
        TableName: t.name,
        KeyConditions: keyConditions(t.primaryKey, primary, t.secondaryKey, filter),
        ScanIndexForward: searchForward,
        ExclusiveStartKey: exclusiveStartKey(t, startKey),
      };
      if (scope !== undefined) return scoped({ table: t, kind: "Query", input, scope, filters: [], scopeSent: false, limit, pageSize, target: undefined, maxCalls });
      return page(t, { kind: "Query", input }, limit, pageSize, []);
    },
  };
}
