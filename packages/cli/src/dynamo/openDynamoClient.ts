// A static import: this module is itself loaded only for the DynamoDB commands, and the bundler
// reads a CommonJS package's names reliably this way (a dynamic import() of it loses them).
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { isRetryable, isThrottling, RETRY_DEFAULTS, type RetryOptions } from "@itemfilter/dynamodb/run";
import type { CliContext } from "../cliContext.js";
import { serviceError, usageError, type CliError } from "../cliError.js";

export interface DynamoTarget {
  /** --dynamodb-endpoint */
  endpoint: string;
  /** --dynamodb-region; the SDK's chain (AWS_REGION, the config file) when left out. */
  region: string | undefined;
}

/** The line that says how to point the AWS SDK at DynamoDB Local, where any credentials work. */
export const LOCAL_CREDENTIALS_HINT = "for DynamoDB Local any will do: AWS_ACCESS_KEY_ID=local AWS_SECRET_ACCESS_KEY=local AWS_REGION=us-east-1";

function checkEndpoint(endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw usageError(`the DynamoDB endpoint '${endpoint}' is not a URL; give one such as http://127.0.0.1:8000`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw usageError(`the DynamoDB endpoint '${endpoint}' must start with http:// or https://`);
  if (url.username !== "" || url.password !== "") throw usageError("the DynamoDB endpoint must not carry a user name or password; the AWS SDK's credential chain provides credentials");
}

/**
 * A DynamoDB client for the endpoint. Credentials and (without
 * --dynamodb-region) the region come from the AWS SDK's standard chain:
 * nothing here reads or prints them.
 */
export async function openDynamoClient(_ctx: CliContext, target: DynamoTarget): Promise<DynamoDBClient> {
  checkEndpoint(target.endpoint);
  // On Node 20 (not supported: README "Requirements") the SDK prints its NodeVersionSupportWarning here, once;
  // it is true and the person's to act on, so it is not switched off for them. On Node 22 and 24 it never prints.
  // One attempt a call: @itemfilter/dynamodb's retry policy (dynamoRetry) is the only one, so its bound is the one the README states.
  return new DynamoDBClient({ endpoint: target.endpoint, maxAttempts: 1, ...(target.region === undefined ? {} : { region: target.region }) });
}

/** The variable that sets the retry policy's first wait, in milliseconds (default 100); tests set it low. */
export const RETRY_ENV = "ITEMFILTER_DYNAMODB_RETRY_MS";

/**
 * The retry policy of the DynamoDB commands: @itemfilter/dynamodb's, its
 * first wait from ITEMFILTER_DYNAMODB_RETRY_MS when set, each call's timeout
 * from --timeout when given.
 */
export function dynamoRetry(ctx: CliContext, timeoutMs?: number, endpoint?: string): RetryOptions {
  const timeout = { ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(endpoint === undefined ? {} : { onRetry: timeoutNotice(ctx, endpoint) }) };
  const text = ctx.env[RETRY_ENV];
  if (text === undefined || text === "") return timeout;
  if (!/^\d{1,7}$/.test(text)) throw usageError(`${RETRY_ENV} must be a whole number of milliseconds from 0 to 9999999, not ${JSON.stringify(text.slice(0, 20))}`);
  return { baseDelayMs: Number(text), ...timeout };
}

/**
 * One line on stderr, the first time a call gets no answer in time and is
 * retried: a DynamoDB that hangs would otherwise look like a hung command for
 * the minute or two the retry policy takes before it gives up (exit 3).
 */
function timeoutNotice(ctx: CliContext, endpoint: string): NonNullable<RetryOptions["onRetry"]> {
  let told = false;
  return ({ error }) => {
    const ms = (error as { name?: unknown; timeoutMs?: unknown } | null)?.timeoutMs;
    if (told || (error as { name?: unknown } | null)?.name !== "TimeoutError" || typeof ms !== "number") return;
    told = true;
    ctx.err(`itemfilter: DynamoDB at ${endpoint} did not answer within ${seconds(ms)}; trying again, up to ${RETRY_DEFAULTS.retries} times in a row (--timeout sets the wait)\n`);
  };
}

/** Milliseconds as a person reads a --timeout: "10 s", "0.2 s". */
export function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/** An AWS SDK failure as the command's error: what to do about credentials, region or the endpoint, without quoting either. */
export function dynamoCliError(error: unknown, endpoint: string, table?: string): CliError | undefined {
  const e = error as { name?: unknown; message?: unknown; code?: unknown };
  const name = typeof e?.name === "string" ? e.name : "";
  const message = typeof e?.message === "string" ? e.message : "";
  if (name === "CredentialsProviderError" || /Could not load credentials/i.test(message)) {
    return serviceError(`no AWS credentials were found (the AWS SDK's standard chain: environment, ~/.aws, SSO, instance roles); ${LOCAL_CREDENTIALS_HINT}`);
  }
  if (/Region is missing/i.test(message)) return usageError("no AWS region is set; give --dynamodb-region, or set AWS_REGION (any region works for DynamoDB Local)");
  if (["UnrecognizedClientException", "InvalidSignatureException", "AccessDeniedException", "ExpiredTokenException"].includes(name)) {
    return serviceError(`DynamoDB at ${endpoint} did not accept the AWS credentials (${name}); check the credentials the AWS SDK finds`);
  }
  const code = typeof e?.code === "string" ? e.code : "";
  const within = (error as { timeoutMs?: unknown })?.timeoutMs;
  if (name === "TimeoutError" && typeof within === "number") {
    return serviceError(`DynamoDB at ${endpoint} did not answer within ${seconds(within)} through ${RETRY_DEFAULTS.retries} retries in a row; is it running, and reachable? (--timeout sets the wait)`);
  }
  if (["ECONNREFUSED", "ENOTFOUND", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH"].includes(code) || name === "TimeoutError") {
    return serviceError(`DynamoDB at ${endpoint} did not answer (${code || name}); is DynamoDB Local running there?`);
  }
  if (isRetryable(error)) {
    const what = isThrottling(error) ? "kept throttling" : "kept failing";
    return serviceError(`DynamoDB at ${endpoint} ${what} through ${RETRY_DEFAULTS.retries} retries in a row (${name}${message === "" || message === name ? "" : `: ${message.slice(0, 300)}`}); try again later`);
  }
  if (name === "ResourceNotFoundException" && table !== undefined) return serviceError(`there is no table '${table}' at ${endpoint}; load one with itemfilter load`);
  if (name === "ValidationException" || name === "ResourceNotFoundException" || name === "ResourceInUseException") {
    return serviceError(`DynamoDB refused the request: ${message.slice(0, 300)}`);
  }
  return undefined;
}
