import type { FilterDocument, FilterNode } from "../syntax/ast.js";
import { STACK_LIMIT } from "../messages/limitMessages.js";
import { FilterError, isStackOverflow } from "../messages/errors.js";
import type { Span } from "../messages/location.js";
import { parseSource, type TreeOptions } from "./parseSource.js";
import { resolveLimits } from "../values/limits.js";
import { validateTree } from "./validateTree.js";
import { bindParams, checkParamsOption } from "./bindParams.js";

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
 * Text parsed, or a tree validated (validateTree.ts) and copied, below the
 * schema: schema/toDocument.ts is the entry the public functions take, and
 * adds the app's schema. So a non-filter argument is a TypeError here, and a
 * malformed tree a FilterError, before anything walks it. Text costs one
 * typeof. `$name` parameters are bound from options.params unless `bind` is
 * false (for the functions that only read a filter's shape, such as format,
 * which keep the placeholders).
 */
export function readDocument(input: FilterInput, options?: TreeOptions, locate = true, bind = true): FilterDocument {
  if (typeof input === "string") return parseSource(input, options, locate, true, bind);
  const checked = validateTree(input, resolveLimits(options));
  return bind ? bindParams(checked, checkParamsOption("params", options?.params)) : checked;
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
