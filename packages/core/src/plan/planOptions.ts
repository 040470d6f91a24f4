import { describeValue } from "../values/checkArgument.js";
import { resolveLimits } from "../values/limits.js";
import type { PlanKeys, PlanOptions } from "./planTypes.js";

/** Past this many requests a plan is not a plan but a crawl; see grammar/planning.md. */
export const MAX_MAX_REQUESTS = 100;
export const DEFAULT_MAX_REQUESTS = 16;

export interface ResolvedPlanOptions {
  keys: PlanKeys | undefined;
  maxRequests: number;
  maxInValues: number;
  maxDepth: number;
  maxPredicates: number;
  maxLength: number;
}

const KEY_MEMBERS = new Set(["primary", "secondary", "types"]);
const KEY_TYPES: ReadonlySet<unknown> = new Set(["string", "number"]);

/**
 * Checks plan's own options. A wrong option is a programming mistake, not bad
 * filter text, so it is a TypeError that says what the option takes.
 */
export function resolvePlanOptions(given: PlanOptions | undefined | null): ResolvedPlanOptions {
  // null means no options, as for the other functions of core.
  const options = given === null ? undefined : given;
  if (options !== undefined && (typeof options !== "object" || Array.isArray(options))) {
    throw new TypeError(`plan: options must be an object such as { keys: { primary: "id" } }, not ${describeValue(options)}`);
  }
  const keys = options?.keys === undefined ? undefined : checkKeys(options.keys);
  const maxRequests = options?.maxRequests ?? DEFAULT_MAX_REQUESTS;
  if (typeof maxRequests !== "number" || !Number.isInteger(maxRequests) || maxRequests < 1 || maxRequests > MAX_MAX_REQUESTS) {
    throw new TypeError(`plan: options.maxRequests takes a whole number from 1 to ${MAX_MAX_REQUESTS} (default ${DEFAULT_MAX_REQUESTS}), not ${describeValue(maxRequests)}`);
  }
  const limits = resolveLimits(options);
  return { keys, maxRequests, maxInValues: limits.maxInValues, maxDepth: limits.maxDepth, maxPredicates: limits.maxPredicates, maxLength: limits.maxLength };
}

function checkKeys(keys: unknown): PlanKeys {
  const takes = 'options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table\'s keys and "string" or "number" for their types';
  if (typeof keys !== "object" || keys === null || Array.isArray(keys)) throw new TypeError(`plan: ${takes}, not ${describeValue(keys)}`);
  const record = keys as Record<string, unknown>;
  for (const member of Object.keys(record)) {
    if (!KEY_MEMBERS.has(member)) throw new TypeError(`plan: ${takes}; unknown member ${JSON.stringify(member)}`);
  }
  const { primary, secondary, types } = record;
  if (typeof primary !== "string" || primary === "") throw new TypeError(`plan: ${takes}; primary must be a non-empty string, not ${describeValue(primary)}`);
  const typed = types === undefined ? {} : { types: checkTypes(types, takes) };
  if (secondary === undefined) return { primary, ...typed };
  if (typeof secondary !== "string" || secondary === "") throw new TypeError(`plan: ${takes}; secondary must be a non-empty string when given, not ${describeValue(secondary)}`);
  if (secondary === primary) throw new TypeError(`plan: ${takes}; primary and secondary must differ, both are ${JSON.stringify(primary)}`);
  return { primary, secondary, ...typed };
}

function checkTypes(types: unknown, takes: string): NonNullable<PlanKeys["types"]> {
  if (typeof types !== "object" || types === null || Array.isArray(types)) throw new TypeError(`plan: ${takes}; types must be an object, not ${describeValue(types)}`);
  const record = types as Record<string, unknown>;
  for (const [member, type] of Object.entries(record)) {
    if (member !== "primary" && member !== "secondary") throw new TypeError(`plan: ${takes}; types has an unknown member ${JSON.stringify(member)}`);
    if (type !== undefined && !KEY_TYPES.has(type)) throw new TypeError(`plan: ${takes}; types.${member} must be "string" or "number", not ${describeValue(type)}`);
  }
  return record as NonNullable<PlanKeys["types"]>;
}
