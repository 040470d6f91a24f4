import type { AttributeNode, DateNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import type { Diagnostic } from "../messages/errors.js";
import { operatorInfo, type Operator } from "../values/operators.js";
import { replaceTitle } from "../messages/messageText.js";
import { renderMessage } from "../messages/renderMessage.js";
import { writtenOperator } from "../syntax/writtenOperator.js";
import { quotePath, quoteString } from "../scan/quote.js";
import { dateText } from "../syntax/dateText.js";
import { readNumber } from "../values/numberValue.js";
import { takesBoolean } from "../syntax/booleanOperators.js";
import type { DateFormat } from "../values/relativeDate.js";
import type { AttributeType, Target } from "./schema.js";

// The checks of a condition against its attribute's schema type: the operators and values each type takes.

/** An attribute as the filter writes it, for messages: the name, or the path (`address.city`). */
export function shownName(attr: AttributeNode): string {
  return attr.path === undefined ? attr.name : quotePath(attr.name, attr.path);
}

/** The operators offered for an attribute of each type, best first; each target keeps those it takes. */
const FOR_TYPE: Record<AttributeType, readonly Operator[]> = {
  number: ["equals", "lessThan", "lessEqual", "greaterThan", "greaterEqual", "between"],
  string: ["equals", "beginsWith", "contains", "between"],
  boolean: ["equals", "notEquals", "in"],
  date: ["greaterEqual", "lessThan", "between", "equals"],
};

/** The operators (their names) that fit a type and that `target` takes, best first: the params' `expected`. */
function offeredList(type: AttributeType, target: Target): string[] {
  return FOR_TYPE[type].filter((op) => target === "list" || operatorInfo(op)!.query);
}

export function checkType(node: PredicateNode, attr: AttributeNode, written: AttributeType, problems: Diagnostic[], target: Target, format?: DateFormat): void {
  if (written !== "date") checkDates(node, attr, written, problems);
  if (written === "boolean") {
    checkBoolean(node, attr, problems, target);
    return;
  }
  // A date is stored as a number (epochSeconds, epochMillis) or as text (iso, isoDate).
  const type = written === "date" ? (format === "epochSeconds" || format === "epochMillis" ? "number" : "string") : written;
  const shape = operatorInfo(node.operator)!.value;
  // A string attribute takes the orderings too: strings order by UTF-8 bytes (grammar/semantics.md).
  const kind = type === "number" && shape === "string" ? "textOperator" : undefined;
  if (kind !== undefined) {
    const params = { kind, operator: node.operator, written: writtenOperator(node), name: shownName(attr), type, expected: offeredList(type, target) };
    problems.push({ code: "E_ATTRIBUTE_TYPE", message: renderMessage("E_ATTRIBUTE_TYPE", params), params, span: node.operatorSpan });
    return;
  }
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  const want = type === "number" ? "Number" : "String";
  for (const v of values) {
    // A parameter is checked once bound, a relative date is written in the type when resolved; parse() keeps both.
    if (v.type === want || v.type === "Param" || v.type === "Date") continue;
    if (v.type === "Boolean") {
      const params = { kind: "notBoolean", name: shownName(attr), type, value: v.value };
      problems.push({ code: "E_ATTRIBUTE_TYPE", message: renderMessage("E_ATTRIBUTE_TYPE", params), params, span: v.span });
      continue;
    }
    // A quoted number ("3") unquoted, and a number quoted: the fixes the message describes, where they keep the value.
    const replacement = type === "string" ? quoteString(String(v.value)) : JSON_NUMBER.test(v.value as string) && "value" in readNumber(v.value as string) ? (v.value as string) : undefined;
    const params = { kind: type === "number" ? "numberValue" : "stringValue", name: shownName(attr), type, value: v.value, ...(type === "string" ? { suggestion: replacement! } : {}) };
    problems.push({
      code: "E_ATTRIBUTE_TYPE",
      message: renderMessage("E_ATTRIBUTE_TYPE", params),
      params,
      ...(replacement === undefined ? {} : { fixes: [{ title: replaceTitle(replacement), span: v.span, replacement }] }),
      span: v.span,
    });
  }
}

/**
 * A boolean attribute is equal to true or false or not: the orderings,
 * between, contains and beginsWith never match it, and a string or number
 * never equals it. The fix writes the value as a boolean where the text
 * says which ("true", 1).
 */
function checkBoolean(node: PredicateNode, attr: AttributeNode, problems: Diagnostic[], target: Target): void {
  const shape = operatorInfo(node.operator)!.value;
  if (shape !== "none" && !takesBoolean(node.operator)) {
    const params = { kind: "booleanOperator", operator: node.operator, written: writtenOperator(node), name: shownName(attr), type: "boolean", expected: offeredList("boolean", target) };
    problems.push({ code: "E_ATTRIBUTE_TYPE", message: renderMessage("E_ATTRIBUTE_TYPE", params), params, span: node.operatorSpan });
    return;
  }
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  for (const v of values) {
    if (v.type === "Boolean" || v.type === "Param" || v.type === "Date") continue;
    const meant = BOOLEAN_WORDS.get(String(v.value).toLowerCase());
    const params = { kind: "booleanValue", name: shownName(attr), type: "boolean", value: v.value, ...(meant === undefined ? {} : { suggestion: meant }) };
    problems.push({
      code: "E_ATTRIBUTE_TYPE",
      message: renderMessage("E_ATTRIBUTE_TYPE", params),
      params,
      ...(meant === undefined ? {} : { fixes: [{ title: replaceTitle(meant), span: v.span, replacement: meant }] }),
      span: v.span,
    });
  }
}

/**
 * A relative date (`now - 7d`) on an attribute the schema gives another
 * type: a number needs a date format to say which count it holds, and text
 * or a boolean is no date. The hint says how to declare the attribute.
 */
function checkDates(node: PredicateNode, attr: AttributeNode, type: AttributeType, problems: Diagnostic[]): void {
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  for (const v of values) if (v.type === "Date") problems.push(relativeDateProblem(shownName(attr), type, v));
}

/** A relative date on an attribute of another type (`name`, as the filter writes it): E_ATTRIBUTE_TYPE at the date. */
export function relativeDateProblem(name: string, type: AttributeType, v: DateNode): Diagnostic {
  const params = { kind: type === "number" ? "dateNumber" : "relativeDate", name, type, text: dateText(v) };
  const hint =
    type === "number"
      ? `give the attribute { type: "date", format: "epochSeconds" } (or "epochMillis") in the schema, so the date is written as the number it stores`
      : `a relative date compares with a date attribute: give it { type: "date", format: "iso" } (or "isoDate", "epochSeconds", "epochMillis") in the schema if it holds dates`;
  return { code: "E_ATTRIBUTE_TYPE", message: renderMessage("E_ATTRIBUTE_TYPE", params), hint, params, span: v.span };
}

/** Values people write for a boolean: the text of one, and 1 and 0. */
const BOOLEAN_WORDS = new Map([
  ["true", "true"],
  ["false", "false"],
  ["1", "true"],
  ["0", "false"],
]);

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * `=` and `in` compare a whole array, so on an attribute the schema marks
 * `array: true` they never match (grammar/semantics.md): an error, not an
 * empty result, with `contains` (which tests for an element) as the fix.
 */
export function checkArray(node: PredicateNode, attr: AttributeNode, problems: Diagnostic[]): void {
  if (node.operator !== "equals" && node.operator !== "in") return;
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  const only = values.length === 1 ? values[0]! : undefined;
  const single = only?.type === "String" ? only.value : undefined;
  const replacement = single === undefined ? undefined : `${quotePath(attr.name, attr.path)} contains ${quoteString(single)}`;
  const params = {
    kind: replacement === undefined ? "array" : "arrayContains",
    operator: node.operator,
    written: writtenOperator(node),
    name: shownName(attr),
    type: "array",
    ...(replacement === undefined ? {} : { suggestion: replacement }),
  };
  problems.push({
    code: "E_ATTRIBUTE_TYPE",
    message: renderMessage("E_ATTRIBUTE_TYPE", params),
    params,
    ...(replacement === undefined ? {} : { fixes: [{ title: replaceTitle(replacement), span: node.span, replacement }] }),
    span: node.operatorSpan,
  });
}
