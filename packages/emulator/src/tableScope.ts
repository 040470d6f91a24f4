import { compileList, isFilterError, parse, prepareEvaluate, type FilterDocument, type FilterNode, type ListFilter } from "@itemfilter/core";
import type { Item } from "./types.js";

/** A credential's scope on one table, made ready once at start-up. */
export interface TableScope {
  /** The scope as the access list gives it: what a sealed page key is bound to, with the table. */
  readonly text: string;
  /** The parsed scope, for a store that has the scope evaluated where the items are (DynamoDB's FilterExpression). */
  readonly document: FilterDocument;
  /** Core's evaluation of the scope: what decides, item by item, that an item may be returned. */
  readonly test: (item: Item) => boolean;
  /**
   * The scope as listItems filters, where it compiles to them exactly.
   * Undefined for a scope the list form cannot hold (an `or` across
   * attributes, say); the test above is what the stores apply either way.
   */
  readonly filters: readonly ListFilter[] | undefined;
  /** Conditions the scope checks on each item: they count, with the request's, against the 300 one request may hold. */
  readonly conditions: number;
}

function countConditions(node: FilterNode): number {
  if (node.type === "Predicate") return 1;
  if (node.type === "Not") return countConditions(node.operand);
  return node.operands.reduce((n, operand) => n + countConditions(operand), 0);
}

/**
 * Prepares a scope's text, or returns why it cannot be one: text that does
 * not parse (core's message, with its position), or a condition without an
 * attribute, which only a key query gives a meaning.
 */
export function prepareScope(text: string): TableScope | string {
  let doc: FilterDocument;
  let test: (item: unknown) => boolean;
  try {
    doc = parse(text);
    if (doc.body === null) return "selects every item, as an empty filter does; leave out scope for that";
    test = prepareEvaluate(doc);
  } catch (error) {
    // A condition without an attribute (`>= 3`) is a FilterError too: only a key query gives it a meaning.
    if (isFilterError(error)) return `is not a filter: ${error.message}`;
    throw error;
  }
  let filters: ListFilter[] | undefined;
  try {
    filters = compileList(doc);
  } catch (error) {
    if (!isFilterError(error)) throw error;
  }
  return { text, document: doc, test, filters, conditions: countConditions(doc.body) };
}
