import { Facet } from "@codemirror/state";
import { compileList, type AttributeSchema, type Limits, type Schema, type Scalar } from "@itemfilter/core";
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
  return {
    mode,
    schema: options.schema,
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
