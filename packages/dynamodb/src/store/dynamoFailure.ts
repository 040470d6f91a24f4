import { RequestError } from "@itemfilter/emulator";
import { DynamoRunError } from "../run/dynamoRunError.js";

const THROTTLED = new Set(["ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded", "LimitExceededException"]);
/** Retry-After, in seconds, of the store's 429 (PROTOCOL.md, "Throttling"). */
export const THROTTLED_RETRY_AFTER = "1";
const NOT_ALLOWED = new Set([
  "UnrecognizedClientException",
  "AccessDeniedException",
  "InvalidSignatureException",
  "MissingAuthenticationTokenException",
  "ExpiredTokenException",
  "CredentialsProviderError",
]);

/**
 * A DynamoDB failure as the service's answer. DynamoDB's own messages are
 * passed on where they are about the request (a ValidationException names the
 * condition it refuses); about credentials only the error's name is said, so
 * nothing of the store's AWS identity reaches a caller.
 */
export function dynamoFailure(error: unknown, table: string): RequestError {
  if (error instanceof RequestError) return error;
  const e = error as { name?: unknown; message?: unknown; $metadata?: unknown };
  const name = typeof e?.name === "string" ? e.name : "Error";
  const message = typeof e?.message === "string" ? e.message.slice(0, 300) : "";
  // A number a double cannot hold: the answer would round it, so there is none; the same read meets it again, so not a 5xx a client retries.
  if (error instanceof DynamoRunError && error.code === "E_DYNAMO_NUMBER") return new RequestError(422, `an item of table ${JSON.stringify(table)} cannot be sent as JSON: ${error.message}`);
  if (name === "ValidationException") return new RequestError(400, `DynamoDB refused the request: ${message}`);
  if (name === "ResourceNotFoundException") return new RequestError(404, `there is no table ${JSON.stringify(table)}`);
  // DynamoDB's capacity is per second: a second later is the soonest a retry can meet fresh capacity, and the client waits that instead of its own backoff.
  if (THROTTLED.has(name)) return new RequestError(429, `DynamoDB is throttling reads of table ${JSON.stringify(table)} (${name}); try again later`, false, { "Retry-After": THROTTLED_RETRY_AFTER });
  if (NOT_ALLOWED.has(name)) return new RequestError(502, `DynamoDB did not accept this server's AWS credentials (${name}); check the credentials it runs with`);
  const code = (error as { code?: unknown })?.code;
  // DynamoDB's own errors carry $metadata, the network's a system code; anything else is a bug here, answered 500 as one.
  if (e?.$metadata === undefined && typeof code !== "string" && name !== "TimeoutError") return new RequestError(500, `internal error in the DynamoDB store (${name})`);
  return new RequestError(503, `DynamoDB did not answer (${name}${typeof code === "string" ? ` ${code}` : ""}); try again later`);
}
