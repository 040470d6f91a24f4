import { isNumberValue, type PlanRequest } from "@itemfilter/core";
import { ServiceError } from "./errors.js";
import type { PlanPageFetcher } from "./runPlan.js";

/** The emulator's refusal of a key value of the other type (its serveOperation's checkKeyTypes), word for word. */
const EMULATOR = /^'(key\.primary|filter\.value(?:\[([01])\])?)' must be a (string|number): the key "(?:[^"\\]|\\.)*" of table "(?:[^"\\]|\\.)*" holds (strings|numbers), not (strings|numbers)$/;

/** DynamoDB's, as a store over DynamoDB (`itemfilter serve --dynamodb-endpoint`) passes it on. */
const DYNAMODB = /^DynamoDB refused the request: One or more parameter values were invalid: Condition parameter type does not match schema type$/;

/** The value the emulator's message names, in the request that was refused. */
function namedValue(request: PlanRequest & { operation: "queryItems" }, member: string, index: string | undefined): unknown {
  if (member === "key.primary") return request.key?.primary;
  const value = request.filter?.value;
  if (index === undefined) return Array.isArray(value) ? undefined : value;
  return Array.isArray(value) ? value[Number(index)] : undefined;
}

/**
 * Whether the service refused a queryItems request because a key value in it
 * is of the other type than the key (as DynamoDB refuses it): a 400 in the
 * emulator's words, naming a member of this request that does hold a value of
 * the other type, or in DynamoDB's. Every item's key has the key's type, so
 * such a request matches nothing. Any other 400 is not this refusal.
 */
export function isKeyTypeRefusal(error: unknown, request: PlanRequest): boolean {
  if (!(error instanceof ServiceError) || error.status !== 400 || request.operation !== "queryItems") return false;
  const message = error.serviceMessage;
  if (DYNAMODB.test(message)) return true;
  const match = EMULATOR.exec(message);
  if (match === null) return false;
  const [, member, index, type, held, other] = match;
  if (held !== `${type}s` || other === held) return false;
  const value = namedValue(request, member!, index);
  return (typeof value === "string" && other === "strings") || (isNumberValue(value) && other === "numbers");
}

/**
 * For plans the client made itself (findAll, findPage): a request refused for
 * a key value of the other type is a branch that matches nothing, so it reads
 * as an empty last page and the answer stays exact. The plan knows no key
 * types unless the caller gives them (keys.types), so it may send such a request.
 */
export function emptyOnKeyTypeRefusal(fetchPage: PlanPageFetcher): PlanPageFetcher {
  return (request, startKey, signal) =>
    fetchPage(request, startKey, signal).catch((error: unknown) => {
      if (isKeyTypeRefusal(error, request)) return { items: [] };
      throw error;
    });
}
