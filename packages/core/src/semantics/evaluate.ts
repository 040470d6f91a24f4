import type { FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import type { FilterValue } from "../values/filters.js";
import { checkStringOption } from "../values/checkArgument.js";
import { missingSubject } from "./lowering.js";
import { FilterError } from "../messages/errors.js";
import { itemValue, readPath } from "./itemValue.js";
import type { ParseOptions } from "../schema/parse.js";
import { conditionTest } from "./conditionTest.js";
import { guardStack, type FilterInput } from "../tree/readDocument.js";
import { toDocument } from "../schema/toDocument.js";
import { scopeDocument, type ScopeInput } from "../tree/scopedDocument.js";
import { literalValue } from "../syntax/literalValue.js";

export interface EvaluateOptions extends ParseOptions {
  /**
   * The table's secondary key. When given, the filter is read as a key query,
   * as compileQuery reads it: `key` (in any case) and a condition without a
   * subject (`>= 3`) test this attribute.
   */
  secondaryKey?: string;
  /** The app's own condition: the answer is that of `scope and (filter)`. A problem with it is a ScopeError. */
  scope?: ScopeInput;
}

type Test = (item: unknown) => boolean;

/**
 * Evaluates a filter (text, a parsed document or one node) against an item
 * with plain boolean logic: and, or and not as written, each condition by the
 * rules of grammar/semantics.md. It takes every filter the parser accepts,
 * including those the compilers reject (`a < "x"`, `not (a < 3)`, any `or`),
 * which makes it the reference the compilers are tested against.
 * An empty filter is true.
 *
 * Throws FilterError for text that does not parse, and for a condition
 * without a subject (`> 3`, `contains 1`) when no `options.secondaryKey` says
 * what it tests: E_SYNTAX at the operator, "expected an attribute name before
 * 'greaterThan'", as compileList reports it. Throws TypeError only for
 * arguments of the wrong kind (options, a hand-built tree with an unknown node).
 */
export function evaluate(input: FilterInput, item: unknown, options?: EvaluateOptions): boolean {
  return prepareEvaluate(input, options)(item);
}

/**
 * The filter made ready once for many items: `prepareEvaluate(f, o)(item)`
 * answers exactly as `evaluate(f, item, o)`, but the text is parsed (or the
 * tree checked) and the tests built only here, not per item. Use it to check
 * a residual against every item of a scan. Throws what evaluate throws, here.
 */
export function prepareEvaluate(input: FilterInput, options?: EvaluateOptions): (item: unknown) => boolean {
  if (options !== undefined && options !== null) checkStringOption("evaluate", "secondaryKey", options.secondaryKey);
  const inScope = scopeTest("evaluate", options);
  const doc = toDocument(input, options);
  const body = doc.body;
  if (body === null) return inScope ?? (() => true);
  const test = guardStack(() => prepare(body, options?.secondaryKey), doc.span);
  // A tree as deep as raised limits allow can exhaust the stack while it runs, too.
  if (inScope === null) return (item) => guardStack(() => test(item), doc.span);
  return (item) => inScope(item) && guardStack(() => test(item), doc.span);
}

/** The scope's test, prepared before the filter's (its problems are the app's, whatever the person typed), or null without one. */
export function scopeTest(fn: string, options: EvaluateOptions | undefined | null): Test | null {
  const scope = scopeDocument(fn, options?.scope, options ?? undefined);
  if (scope === null) return null;
  const body = scope.body!;
  const test = guardStack(() => prepare(body, options?.secondaryKey), scope.span);
  return (item) => guardStack(() => test(item), scope.span);
}

/** Turns the tree into closures first, so a missing secondary key is reported whatever the item. */
function prepare(node: FilterNode, secondaryKey: string | undefined): Test {
  switch (node.type) {
    case "And": {
      const operands = node.operands.map((o) => prepare(o, secondaryKey));
      return (item) => operands.every((t) => t(item));
    }
    case "Or": {
      const operands = node.operands.map((o) => prepare(o, secondaryKey));
      return (item) => operands.some((t) => t(item));
    }
    case "Not": {
      const operand = prepare(node.operand, secondaryKey);
      return (item) => !operand(item);
    }
    case "Predicate": {
      const name = predicateSubject("evaluate", node, secondaryKey);
      const test = conditionTest(node, plainValue(node.value));
      const path = node.attribute?.path;
      if (path === undefined) return (item) => test(itemValue(item, name));
      return (item) => test(readPath(item, name, path));
    }
    default:
      throw new TypeError(`evaluate: unknown node type ${JSON.stringify((node as { type?: unknown }).type)}`);
  }
}

/** The attribute a condition tests: its own, or the secondary key for a key query's `key` and a condition without a subject. */
export function predicateSubject(fn: string, node: PredicateNode, secondaryKey: string | undefined): string {
  const attr = node.attribute;
  if (secondaryKey !== undefined && (attr === null || attr.name.toLowerCase() === "key")) return secondaryKey;
  if (attr === null) {
    // The text is the person's, so this is the error compileList gives for it; the hint is for the developer.
    throw new FilterError([{ ...missingSubject(node), hint: `${fn} reads a condition without an attribute as a key query's: pass options.secondaryKey, the attribute it tests` }]);
  }
  return attr.name;
}

/** A condition's value as plain JSON: a scalar, a list (in, between), or undefined (null, notNull). */
export function plainValue(value: LiteralNode | LiteralNode[] | undefined): FilterValue | FilterValue[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.map(literalValue) : literalValue(value);
}
