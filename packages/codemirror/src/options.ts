import { Facet } from "@codemirror/state";
import { compileList, compileQuery, isScopeError, plan, type AttributeSchema, type Limits, type Params, type Schema, type Scalar, type ScopeInput } from "@itemfilter/core";
import type { FilterResult } from "./compileFilter.js";

/** What the text must compile to: listItems filters, one key query, or (`find`) whatever the planner accepts. */
export type FilterMode = "list" | "query" | "find";

/** A schema attribute that may also list the values completion offers for it. */
export interface EditorAttributeSchema extends AttributeSchema {
  /** Values offered after an operator on this attribute (strings and numbers, in this order). */
  values?: readonly Scalar[];
}

/** Core's schema, whose attributes may carry `values` for completion. Core ignores `values`. */
export interface EditorSchema extends Schema {
  attributes: Readonly<Record<string, EditorAttributeSchema>>;
}

/** The table's keys, which `find` plans around (see core's `plan`). */
export interface FilterKeys {
  primary: string;
  secondary?: string;
}

export interface ItemfilterOptions {
  /** Default "list". */
  mode?: FilterMode;
  /** Attribute names, aliases, types (and values) for checking and completion. */
  schema?: EditorSchema;
  /** The table's secondary key name, which a key query may write instead of `key`. */
  secondaryKey?: string;
  /** The table's keys, for `find`; `keys.secondary` also serves as `secondaryKey` when that is not given. */
  keys?: FilterKeys;
  /** Parse limits, as for core's compilers. */
  limits?: Partial<Limits>;
  /**
   * The app's own condition (text or a tree, or several: an array means
   * `and`): the compiled filter or plan is exactly `scope and (text)`, so
   * nothing typed in the box widens it. Trusted (the schema applies to the
   * typed text only); checked when the editor is set up.
   */
  scope?: ScopeInput;
  /** Values of `$name` parameters in the text and the scope. */
  params?: Params;
  /** Called with the compile result once when the view is created and whenever the text or options change it. */
  onChange?: (result: FilterResult) => void;
  /** Milliseconds of quiet typing before diagnostics are shown. Default 250. */
  lintDelay?: number;
  /** A CSP nonce for the `<style>` element CodeMirror falls back to where constructable style sheets are missing. */
  nonce?: string;
}

export interface ResolvedOptions {
  mode: FilterMode;
  schema: EditorSchema | undefined;
  secondaryKey: string | undefined;
  keys: FilterKeys | undefined;
  limits: Partial<Limits>;
  scope: ScopeInput | undefined;
  params: Params | undefined;
  onChange: ((result: FilterResult) => void) | undefined;
  lintDelay: number;
}

const MODES: readonly FilterMode[] = ["list", "query", "find"];

export function resolveOptions(options: ItemfilterOptions): ResolvedOptions {
  const mode = options.mode ?? "list";
  if (!MODES.includes(mode)) throw new TypeError(`itemfilter: mode must be "list", "query" or "find", not ${JSON.stringify(mode)}`);
  const lintDelay = options.lintDelay ?? 250;
  if (!Number.isFinite(lintDelay) || lintDelay < 0) throw new TypeError(`itemfilter: lintDelay must be a number of milliseconds >= 0`);
  if (options.schema !== undefined) {
    // Core checks a schema's shape where it first uses it; do that here, so a bad one fails when the editor is set up.
    try {
      if (typeof options.schema !== "object" || options.schema === null) throw new TypeError(`the schema must be an object, not ${String(options.schema)}`);
      // A copy that lets any name through: only its shape is checked, and the real schema's cached index is untouched.
      compileList("a = 1", { schema: { ...options.schema, allowUnknown: true } });
    } catch (error) {
      throw new TypeError(`itemfilter: ${(error as Error).message}`);
    }
  }
  if (options.scope !== undefined) {
    // A scope that cannot run in this mode is the app's mistake: say so when the editor is set up, not as the person's error.
    const { scope, params } = options;
    const checked = { scope, ...(params === undefined ? {} : { params }), ...options.limits };
    try {
      if (mode === "list") compileList("", checked);
      else if (mode === "find") plan("", checked);
      else compileQuery("", { ...checked, secondaryKey: options.secondaryKey ?? options.keys?.secondary ?? "key" });
    } catch (error) {
      if (isScopeError(error)) throw new TypeError(`itemfilter: ${error.message}`);
    }
  }
  return {
    mode,
    schema: options.schema,
    scope: options.scope,
    params: options.params,
    secondaryKey: options.secondaryKey ?? options.keys?.secondary,
    keys: options.keys,
    limits: options.limits ?? {},
    onChange: options.onChange,
    lintDelay,
  };
}

/** The options of the `itemfilter(...)` extension in effect; the first one wins when several are given. */
export const itemfilterConfig = Facet.define<ResolvedOptions, ResolvedOptions>({
  combine: (values) => values[0] ?? resolveOptions({}),
});
