import type { Operator } from "../values/operators.js";
import type { PredicateNode } from "./ast.js";

/*
 * `a is string`, `a is not list`: the type tests (operators `type` and
 * `notType`), and which operators `size(a)` takes. Apart from the operator
 * table, which filter JSON and the service's operators read: no service
 * filter takes these, and an app that only matches does not carry them.
 */

/** The types a filter names, as the item model (plain JSON) tells them apart. */
export const TYPE_NAMES = ["string", "number", "boolean", "list", "map", "binary"] as const;
export type TypeName = (typeof TYPE_NAMES)[number];

/**
 * DynamoDB's attribute_type names for each. Sets are read as arrays, as lists
 * are (unmarshalItem), so the item model cannot tell a list from a set: `list`
 * is any of them, and no type names a set alone.
 */
export const DYNAMO_TYPES: Readonly<Record<TypeName, readonly string[]>> = {
  string: ["S"],
  number: ["N"],
  boolean: ["BOOL"],
  list: ["L", "SS", "NS", "BS"],
  map: ["M"],
  binary: ["B"],
};

/** Names people write for a set (normalised: lower case, no `_` or `-`), refused with `list` as the fix. */
export const SET_NAMES: ReadonlySet<string> = new Set(["set", "stringset", "numberset", "binaryset", "ss", "ns", "bs", "array"]);

/** Other names people write for a type, for "did you mean". */
export const TYPE_SYNONYMS: Readonly<Record<string, TypeName>> = { str: "string", text: "string", s: "string", n: "number", int: "number", integer: "number", float: "number", bool: "boolean", l: "list", m: "map", object: "map", b: "binary", bytes: "binary" };

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
