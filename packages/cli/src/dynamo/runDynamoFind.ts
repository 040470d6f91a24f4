import { parse, resolvedDates, type ResolvedDate } from "@itemfilter/core";
import { dateCompileOptions } from "../commands/dateOptions.js";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { count, createBackoff, describeTable, explain, findAll, withRetry, type ExplainedRequest, type RetryOptions } from "@itemfilter/dynamodb/run";
import { formatDiagnostics, isFilterError, type Schema } from "@itemfilter/core";
import type { DynamoKeys } from "@itemfilter/dynamodb";
import type { CliContext } from "../cliContext.js";
import { CliError, serviceError, usageError } from "../cliError.js";
import type { FindArgs } from "../commands/selection.js";
import { EXIT } from "../exitCodes.js";
import { formatJson } from "../formatJson.js";
import { createResultOutput } from "../send/resultOutput.js";
import { dynamoCliError, dynamoRetry, openDynamoClient, seconds } from "./openDynamoClient.js";

/**
 * The table's keys: --primary-key/--secondary-key when given (nothing is
 * asked), else its key schema and secondary indexes from DescribeTable, with
 * the key types, so the plan can read partitions or an index and leaves out
 * a Query no key value can match.
 */
async function tableKeys(ctx: CliContext, client: DynamoDBClient, args: FindArgs, retry: RetryOptions): Promise<DynamoKeys> {
  if (args.primaryKey !== undefined) return args.secondaryKey === undefined ? { partition: args.primaryKey } : { partition: args.primaryKey, sort: args.secondaryKey };
  if (args.secondaryKey !== undefined) throw usageError("--secondary-key needs --primary-key: a plan narrows one partition, which it reads by the primary key");
  return describeTable(client, args.table, (describe) => withRetry((attempt) => describe(attempt), createBackoff(retry), ctx.signal));
}

/** The plan as people read it: each request's command, what it reads and why, its input as JSON, and what is checked locally. */
function describeRequests(requests: readonly ExplainedRequest[], keys: DynamoKeys, dates: readonly ResolvedDate[]): string {
  const lines = [`${requests.length} ${requests.length === 1 ? "request" : "requests"} on DynamoDB (keys: ${keys.partition}${keys.sort === undefined ? "" : `, sort key ${keys.sort}`}):`];
  // The relative dates as they resolved: the inputs below hold their values.
  for (const d of dates) lines.push(`where ${d.text} = ${d.value}`);
  requests.forEach((r, i) => {
    lines.push(`${i + 1}. ${r.command}${r.input.IndexName === undefined ? "" : ` on index ${r.input.IndexName}`}`, JSON.stringify(r.input, null, 2));
    if (r.fetch !== undefined) lines.push(`   then the whole items fetched by key (${r.fetch.keys.join(", ")}) with BatchGetItem, 100 keys a call, each checked again`);
    if (r.residual !== null) lines.push(`   then checked locally: ${r.residual}`);
    if (r.reason !== undefined) lines.push(`   why: ${r.reason}`);
    for (const refused of r.refused ?? []) lines.push(`   not ${refused.target === "table" ? "the table" : refused.target}: ${refused.reason}`);
    if (r.order !== undefined) lines.push(`   order: ${r.order.how === "inOrder" ? "read in order" : r.order.last === true ? "sorted locally, read last" : "sorted locally"}: ${r.order.why}`);
  });
  if (requests.length > 1) lines.push("The results are united by the table's key, each item once.");
  return lines.join("\n");
}

/**
 * `itemfilter find --dynamodb-endpoint`: any filter straight on a DynamoDB
 * table with @itemfilter/dynamodb's findAll (Queries where the filter names
 * partitions, else a Scan), or, with --explain, the Scan/Query inputs it would send.
 */
export async function runDynamoFind(ctx: CliContext, args: FindArgs & { dynamodbEndpoint: string }, source: string, schema: Schema | undefined): Promise<number> {
  const endpoint = args.dynamodbEndpoint;
  // One policy for the run's calls, so its notice of a call with no answer is said once.
  const retry = dynamoRetry(ctx, args.timeoutMs, endpoint);
  const client = await openDynamoClient(ctx, { endpoint, region: args.dynamodbRegion });
  const options = {
    ...(schema === undefined ? {} : { schema }),
    ...dateCompileOptions(args.dates),
    ...(args.maxRequests === undefined ? {} : { maxRequests: args.maxRequests }),
    ...(args.scan ? {} : { allowScan: false }),
    ...(args.segments === undefined ? {} : { segments: args.segments }),
    ...(args.fields === undefined ? {} : { fields: args.fields }),
    ...(args.orderBy === undefined ? {} : { orderBy: args.orderBy }),
    ...(args.maxSortItems === undefined ? {} : { maxSortItems: args.maxSortItems }),
  };
  try {
    const keys = await tableKeys(ctx, client, args, retry);
    if (args.explain) {
      const requests = explain({ TableName: args.table, filter: source, keys, ...options });
      // The filter parsed as explain parsed it, with the same now, for the dates it resolved.
      const dates = args.json ? [] : resolvedDates(parse(source, { ...options, params: {} }).body);
      ctx.out(args.json ? `${formatJson(requests, ctx.tty.stdout)}\n` : `${describeRequests(requests, keys, dates)}\n`);
      return EXIT.ok;
    }
    if (args.count) {
      const { orderBy: _order, maxSortItems: _max, fields: _fields, ...plain } = options;
      const counted = await count(client, { TableName: args.table, filter: source, keys, ...plain, ...(args.maxItemsRead === undefined ? {} : { maxItemsRead: args.maxItemsRead }), ...(ctx.signal === undefined ? {} : { signal: ctx.signal }), retry: dynamoRetry(ctx) });
      ctx.out(`${counted}\n`);
      return EXIT.ok;
    }
    // findAll gives the fields picked already (DynamoDB's ProjectionExpression, then pickFields): picking again
    // from a list DynamoDB compacted (`orders[1].sku` comes back as orders[0]) would lose what was picked.
    const output = createResultOutput(ctx, args.output);
    let total = 0;
    try {
      const items = findAll(client, { TableName: args.table, filter: source, keys, ...options, ...(args.limit === undefined ? {} : { limit: args.limit }), ...(args.maxItemsRead === undefined ? {} : { maxItemsRead: args.maxItemsRead }), ...(ctx.signal === undefined ? {} : { signal: ctx.signal }), retry });
      for await (const item of items) {
        output.write([item]);
        output.progress(0, ++total);
      }
    } finally {
      output.stopProgress();
    }
    output.end(args.limit !== undefined && total === args.limit, total);
    return EXIT.ok;
  } catch (error) {
    if (isFilterError(error)) {
      ctx.err(`${formatDiagnostics(source, error, { color: ctx.color.stderr })}\n`);
      return EXIT.filter;
    }
    if (error instanceof Error && error.name === "DynamoRunError") {
      // Past the retry policy, findAll's message says which call on which table, and DynamoDB's error.
      const code = (error as { code?: string }).code;
      // The guards refuse the filter as typed, not the service: exit 1, with the developer's next step.
      if (code === "E_DYNAMO_SCAN" || code === "E_DYNAMO_READ_LIMIT" || code === "E_ORDER_TOO_LARGE") throw new CliError(`${error.message} (${code}); ${(error as { hint?: string }).hint ?? ""}`, EXIT.filter);
      const busy = code === "E_DYNAMO_BUSY";
      const timeoutMs = (error as { params?: { timeoutMs?: unknown } }).params?.timeoutMs;
      // The library's hint names its option; a person here sets --timeout.
      if (busy && typeof timeoutMs === "number") throw serviceError(`${error.message}; is DynamoDB at ${endpoint} running, and reachable? (--timeout sets the wait, ${seconds(timeoutMs)} now)`);
      const known = busy ? undefined : dynamoCliError(error.cause, endpoint, args.table);
      if (known !== undefined) throw known;
      throw serviceError(`${error.message}; ${(error as { hint?: string }).hint ?? ""}`.replace(/; $/, ""));
    }
    throw dynamoCliError(error, endpoint, args.table) ?? error;
  } finally {
    client.destroy();
  }
}
