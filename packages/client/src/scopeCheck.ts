import { compileList, isScopeError, prepareEvaluate, type ListFilter, type Params, type ScopeInput } from "@itemfilter/core";

interface Scoped {
  scope?: ScopeInput | undefined;
  params?: Params | undefined;
  compileOptions?: unknown;
}

/**
 * The call's scope: `scope`, and a scope given in compileOptions too (both
 * apply), so a scope is never dropped for having been put in the other place.
 */
export function scopeOf(params: Scoped): ScopeInput | undefined {
  const inOptions = (params.compileOptions as { scope?: ScopeInput | null } | undefined)?.scope;
  if (inOptions === undefined || inOptions === null) return params.scope ?? undefined;
  if (params.scope === undefined || params.scope === null) return inOptions;
  const list = (s: ScopeInput): readonly unknown[] => (Array.isArray(s) ? s : [s]);
  return [...list(params.scope), ...list(inOptions)] as ScopeInput;
}

/**
 * The test every item a scoped request returns must pass, or null without a
 * scope. The items are checked whatever was sent: a filter cannot widen the
 * scope, and neither can a `key.primary` or a `startKey`. Throws ScopeError,
 * before anything is sent, for a scope that is not a valid filter.
 */
export function scopeCheck(params: Scoped): ((item: unknown) => boolean) | null {
  const scope = scopeOf(params);
  if (scope === undefined) return null;
  return prepareEvaluate("", { scope, ...(params.params === undefined ? {} : { params: params.params }) });
}

/** The scope as ListFilters to send with a listItems filter, or [] when one request cannot say it (the local check then does all). */
export function scopeListFilters(params: Scoped): ListFilter[] {
  const scope = scopeOf(params);
  if (scope === undefined) return [];
  try {
    return compileList("", { scope, ...(params.params === undefined ? {} : { params: params.params }) });
  } catch (error) {
    // A scope one request cannot say (an `or` across attributes): the empty text of the person's part cannot fail.
    if (isScopeError(error)) return [];
    throw error;
  }
}
