import type { AttributeNode, FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import type { ListFilter, QueryFilter, Scalar } from "../values/filters.js";
import { format } from "./format.js";
import { NO_SPAN } from "../messages/location.js";
import type { Operator } from "../values/operators.js";

/*
 * Filter JSON written as text: decompile's writer, for JSON already validated
 * (compile/decompile.ts validates first; explainMatch too). Kept apart so what
 * explains a match needs no compiler.
 */

/** The subject a decompiled key query is written with; compileQuery accepts it whatever the key's real name. */
const QUERY_SUBJECT = "key";

/** Valid ListFilters as text, joined with `and`; none is the empty filter. */
export function writeListFilters(list: readonly ListFilter[]): string {
  if (list.length === 0) return "";
  const predicates = list.map((f) => predicate(f.item, f.operator, f.value));
  const body: FilterNode = predicates.length === 1 ? predicates[0]! : { type: "And", operands: predicates, span: NO_SPAN };
  return format(body);
}

/** A valid QueryFilter as text, with the subject `key`. */
export function writeQueryFilter(q: QueryFilter): string {
  return format(predicate(QUERY_SUBJECT, q.operator, q.value));
}

function predicate(name: string, operator: Operator, value: Scalar | readonly Scalar[] | undefined): PredicateNode {
  const attribute: AttributeNode = { type: "Attribute", name, span: NO_SPAN };
  const base = { type: "Predicate" as const, attribute, operator, operatorSpan: NO_SPAN, span: NO_SPAN };
  if (value === undefined) return base;
  if (operator === "in") {
    // One array element needs brackets to compile back to an array; a scalar is written `in (x)`.
    if (!Array.isArray(value)) return { ...base, value: [literal(value as Scalar)] };
    const values = value.map(literal);
    return values.length === 1 ? { ...base, value: values, brackets: true } : { ...base, value: values };
  }
  return { ...base, value: Array.isArray(value) ? value.map(literal) : literal(value as Scalar) };
}

function literal(value: Scalar): LiteralNode {
  return typeof value === "string" ? { type: "String", value, span: NO_SPAN } : { type: "Number", value, span: NO_SPAN };
}
