import type { FilterDocument, FilterNode } from "./ast.js";
import { STACK_LIMIT } from "../limitMessages.js";
import { FilterError, isStackOverflow } from "../errors.js";
import type { Span } from "./location.js";
import { parseSource, type ParseOptions } from "./parse.js";
import { applySchema } from "../compile/schema.js";
import { resolveLimits } from "./limits.js";
import { validateTree } from "./validateTree.js";
import { bindParams, checkParamsOption, withRedaction } from "./bindParams.js";
import { withSource } from "./writtenOperator.js";
import { resolveDates } from "../compile/resolveDates.js";
import { hasDates, markDates } from "./datedDocuments.js";

/** The members of a node that say where it stands in a text; a tree built by hand may leave them out. */
type SpanMember = "span" | "operatorSpan";

/**
 * A tree as an app may write it: every member and array readonly (a tree
 * written `as const`), and spans optional, since a tree built by hand has no
 * text to point into (validateTree gives it NO_SPAN).
 */
export type ReadonlyTree<T> = T extends readonly (infer U)[]
  ? readonly ReadonlyTree<U>[]
  : T extends object
    ? { readonly [K in keyof T as K extends SpanMember ? never : K]: ReadonlyTree<T[K]> } & { readonly [K in keyof T as K extends SpanMember ? K : never]?: T[K] }
    : T;

/**
 * What the compilers, the formatter and the evaluator accept: text, a parsed
 * document, or one node of it; a tree may be readonly throughout, since it
 * is checked and copied (validateTree) before anything reads it.
 */
export type FilterInput = string | ReadonlyTree<FilterDocument> | ReadonlyTree<FilterNode>;

/**
 * The one entry every public function that takes FilterInput goes through:
 * text is parsed, and a tree is validated (validateTree.ts) and copied. So a
 * non-filter argument is a TypeError here, and a malformed tree a FilterError,
 * before anything walks it. Text costs one typeof. `$name` parameters are
 * bound from options.params unless `bind` is false (for the functions that
 * only read a filter's shape, such as format, which keep the placeholders).
 */
export function toDocument(input: FilterInput, options?: ParseOptions, locate = true, bind = true): FilterDocument {
  if (typeof input === "string") return parseSource(input, options, locate, true, bind);
  const checked = validateTree(input, resolveLimits(options));
  const doc = bind ? bindParams(checked, checkParamsOption("params", options?.params)) : checked;
  const dated = hasDates(checked);
  const schemed = options?.schema === undefined ? doc : guardStack(() => withRedaction(doc, () => applySchema(doc, options.schema!)), doc.span);
  if (!dated) return schemed;
  markDates(schemed);
  return bind ? guardStack(() => resolveDates(schemed, options, "resolve"), doc.span) : schemed;
}

/**
 * Compiles text without source positions first, since a compiled filter never
 * reads a span, and only when that fails compiles again with them to throw
 * the located error. Trees are compiled as they are.
 */
export function compileFast<T>(input: FilterInput, options: ParseOptions | undefined, compile: (doc: FilterDocument) => T): T {
  if (typeof input === "string") {
    try {
      return compile(toDocument(input, options, false));
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
    }
    // Only to throw the located error: so the parse that reports errors, not one that scans as it goes first.
    const located = parseSource(input, options, true, false);
    return withSource(input, () => withRedaction(located, () => compile(located)));
  }
  const doc = toDocument(input, options);
  return withRedaction(doc, () => compile(doc));
}

/**
 * Runs a tree walk, turning stack exhaustion (a tree nested deeper than the
 * engine's stack, possible only with raised limits) into E_LIMIT.
 */
export function guardStack<T>(walk: () => T, span: Span): T {
  try {
    return walk();
  } catch (error) {
    if (isStackOverflow(error)) {
      throw new FilterError([{ code: "E_LIMIT", ...STACK_LIMIT, span }]);
    }
    throw error;
  }
}
