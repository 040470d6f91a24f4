import { compileList, compileQuery, isFilterError, plan, type Diagnostic, type FilterError, type ListFilter, type Plan, type QueryFilter } from "@itemfilter/core";
import type { FilterMode, ResolvedOptions } from "./options.js";

/** The text compiled in the editor's mode: the filter JSON, or the compiler's diagnostics. */
export type FilterResult =
  | { ok: true; mode: "list"; text: string; filter: ListFilter[] }
  /** `filter` is null for empty text: no condition, the whole partition. */
  | { ok: true; mode: "query"; text: string; filter: QueryFilter | null }
  /** `find`: how to run any filter the planner accepts (core's `plan`). */
  | { ok: true; mode: "find"; text: string; plan: Plan }
  | { ok: false; mode: FilterMode; text: string; error: FilterError; diagnostics: readonly Diagnostic[] };

/** Compiles `text` as the options say. Never throws for any text: rejections come back as `ok: false`. */
export function compileFilter(text: string, options: ResolvedOptions): FilterResult {
  const common = {
    ...options.limits,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
    ...(options.params === undefined ? {} : { params: options.params }),
  };
  try {
    switch (options.mode) {
      case "list":
        return { ok: true, mode: "list", text, filter: compileList(text, common) };
      case "query": {
        if (text.trim() === "" && options.scope === undefined) return { ok: true, mode: "query", text, filter: null };
        const secondaryKey = options.secondaryKey;
        return { ok: true, mode: "query", text, filter: compileQuery(text, secondaryKey === undefined ? common : { ...common, secondaryKey }) };
      }
      case "find":
        return { ok: true, mode: "find", text, plan: plan(text, options.keys === undefined ? common : { ...common, keys: options.keys }) };
    }
  } catch (error) {
    if (isFilterError(error)) return { ok: false, mode: options.mode, text, error, diagnostics: error.diagnostics };
    throw error;
  }
}
