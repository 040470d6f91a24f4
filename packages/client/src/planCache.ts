import type { Plan, PlanKeys } from "@itemfilter/core";

/** Plans kept per client: the filters an application runs again and again. */
export const MAX_CACHED_PLANS = 64;

/** What a plan is made from, when it is plain values only: filter text, key names, maxRequests. */
export interface PlainPlanInput {
  filter: string;
  keys: PlanKeys | undefined;
  maxRequests: number | undefined;
}

function isDataString(target: object, name: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(target, name);
  return descriptor !== undefined && "value" in descriptor && typeof descriptor.value === "string";
}

/**
 * The plan's inputs as plain values, or undefined when the plan may depend
 * on more than them: a schema or limits (compileOptions, an object the
 * caller may change between calls), a parsed tree or JSON filter, keys that
 * are anything but `{ primary, secondary? }` strings, a maxRequests that is
 * not a whole number (those go to core's plan every time, for its errors).
 */
export function plainPlanInput(filter: unknown, keys: unknown, maxRequests: unknown, compileOptions: unknown): PlainPlanInput | undefined {
  if (typeof filter !== "string" || compileOptions !== undefined) return undefined;
  if (maxRequests !== undefined && !Number.isInteger(maxRequests)) return undefined;
  if (keys === undefined) return { filter, keys: undefined, maxRequests: maxRequests as number | undefined };
  if (typeof keys !== "object" || keys === null || Object.getPrototypeOf(keys) !== Object.prototype) return undefined;
  const names = Object.keys(keys);
  if (!isDataString(keys, "primary") || !names.every((name) => (name === "primary" || name === "secondary") && isDataString(keys, name))) return undefined;
  const { primary, secondary } = keys as PlanKeys;
  return { filter, keys: secondary === undefined ? { primary } : { primary, secondary }, maxRequests: maxRequests as number | undefined };
}

/**
 * The plans of one client's findAll calls, by their plain inputs: planning
 * `id = "u0042" and ts > 5` again costs about as much as the client's whole
 * part of the partition query it plans (issue 26). A plan is a pure function
 * of these inputs, and findAll never hands its plan out or changes it, so
 * sharing one between calls is safe; explain returns a fresh plan always.
 * Filters that fail to plan are not kept: they fail again, the same way.
 */
export function planCache(plan: (input: PlainPlanInput) => Plan): (input: PlainPlanInput) => Plan {
  const plans = new Map<string, Plan>();
  return (input) => {
    const key = JSON.stringify([input.filter, input.keys?.primary ?? null, input.keys?.secondary ?? null, input.maxRequests ?? null]);
    let found = plans.get(key);
    if (found !== undefined) {
      // Most recently used last, so the oldest goes first.
      plans.delete(key);
      plans.set(key, found);
      return found;
    }
    found = plan(input);
    // A plan with relative dates holds the time it was made: the next call resolves them again.
    if (found.dates !== undefined) return found;
    if (plans.size >= MAX_CACHED_PLANS) plans.delete(plans.keys().next().value!);
    plans.set(key, found);
    return found;
  };
}
