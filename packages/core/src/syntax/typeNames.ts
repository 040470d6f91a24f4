import type { Operator } from "../values/operators.js";
import type { PredicateNode } from "./ast.js";

/*
 * `a is string`, `a is not list`: the type tests (operators `type` and
 * `notType`), and which operators `size(a)` takes. Apart from the operator
 * table, which filter JSON and the service's operators read: no service
 * filter takes these, and an app that only matches does not carry them.
 */

/** The types a filter names, as the item model tells them apart (grammar/semantics.md, Values). */
export const TYPE_NAMES = ["string", "number", "boolean", "list", "set", "map", "binary"] as const;
export type TypeName = (typeof TYPE_NAMES)[number];

/**
 * DynamoDB's attribute_type names for each. A list is L alone, and a set is
 * any of DynamoDB's three (the item model reads SS, NS and BS as sets, and L
 * as a list: grammar/semantics.md).
 */
export const DYNAMO_TYPES: Readonly<Record<TypeName, readonly string[]>> = {
  string: ["S"],
  number: ["N"],
  boolean: ["BOOL"],
  list: ["L"],
  set: ["SS", "NS", "BS"],
  map: ["M"],
  binary: ["B"],
};

/** Other names people write for a type (normalised: lower case, no `_` or `-`), for "did you mean". */
export const TYPE_SYNONYMS: Readonly<Record<string, TypeName>> = {
  str: "string",
  text: "string",
  s: "string",
  n: "number",
  int: "number",
  integer: "number",
  float: "number",
  bool: "boolean",
  l: "list",
  array: "list",
  stringset: "set",
  numberset: "set",
  binaryset: "set",
  ss: "set",
  ns: "set",
  bs: "set",
  m: "map",
  object: "map",
  b: "binary",
  bytes: "binary",
};

export function isTypeName(name: string): name is TypeName {
  return (TYPE_NAMES as readonly string[]).includes(name);
}

/** Whether a condition is a type test (`a is string`, `a is not list`). */
export function isTypeTest(node: Pick<PredicateNode, "operator">): boolean {
  return node.operator === "type" || node.operator === "notType";
}

/** The operators `size(a)` takes: it is a number (or, where the attribute has no size, nothing). */
export const SIZE_OPERATORS: ReadonlySet<Operator> = new Set(["equals", "notEquals", "lessThan", "lessEqual", "greaterThan", "greaterEqual", "between", "in"]);

/** Whether a condition tests something no service filter can: a size or a type. */
export function isLocalOnly(node: Pick<PredicateNode, "operator" | "size">): boolean {
  return node.size === true || isTypeTest(node);
}
