import type { Operator } from "../values/operators.js";
import { quoteName, quotePath, quoteString } from "../scan/quote.js";
import type { PathSegment } from "../syntax/ast.js";
import { isPlainName } from "../scan/lexer.js";
import { present } from "./predicateTest.js";
import { isNumberValue } from "../values/isExactNumber.js";

/*
 * The words of an explanation: why one condition is true or false for one
 * item. The truth itself always comes from predicateTest (the one
 * implementation of grammar/semantics.md); this module only says which case
 * of those rules applied, so a reason can never contradict the answer.
 */

/** Quoted values are cut to this many characters, so a reason stays one readable line. */
const MOST_QUOTED = 40;
/** A set attribute shows at most this many of its elements. */
const MOST_ELEMENTS = 5;

function cut(text: string): string {
  if (text.length <= MOST_QUOTED) return text;
  // Never cut a surrogate pair in half.
  const end = (text.charCodeAt(MOST_QUOTED - 1) & 0xfc00) === 0xd800 ? MOST_QUOTED - 1 : MOST_QUOTED;
  return text.slice(0, end) + "…";
}

export function scalarText(v: unknown): string {
  if (typeof v === "string") return quoteString(cut(v));
  if (typeof v === "number") return Object.is(v, -0) ? "0" : String(v);
  // An ExactNumber's String() is its digits.
  return String(v);
}

export function listText(values: readonly unknown[]): string {
  const shown = values.slice(0, MOST_ELEMENTS).map(scalarText).join(", ");
  return values.length > MOST_ELEMENTS ? `${shown}, … (${values.length} values)` : shown;
}

/** The attribute as a reason shows it, path included (`address.city`), long names cut. */
export function nameText(name: string, path?: readonly PathSegment[]): string {
  if (path === undefined) return isPlainName(name) ? name : quoteName(cut(name));
  return quotePath(cut(name), path.map((step) => (typeof step === "string" ? cut(step) : step)));
}

const SYMBOL: Partial<Record<Operator, string>> = { lessThan: "<", lessEqual: "<=", greaterThan: ">", greaterEqual: ">=" };

type Kind = "string" | "number" | "boolean";

/** What the attribute holds, in words: `is 23`, `is the string "7"`, `is a set of "a", "b"`, `is true (a boolean)`. */
function holding(actual: unknown, typed: boolean): string {
  if (typeof actual === "string") return typed ? `is the string ${scalarText(actual)}` : `is ${scalarText(actual)}`;
  if (isNumberValue(actual)) return typed ? `is the number ${scalarText(actual)}` : `is ${scalarText(actual)}`;
  if (Array.isArray(actual)) {
    const elements = present(actual);
    return elements.length === 0 ? "is an empty set" : `is a set of ${listText(elements)}`;
  }
  if (typeof actual === "boolean") return `is ${actual} (a boolean)`;
  return "is an object";
}

function kindOf(value: unknown): Kind | undefined {
  return typeof value === "string" ? "string" : isNumberValue(value) ? "number" : typeof value === "boolean" ? "boolean" : undefined;
}

/** The type the filter compares with, for the "type differs" reason. */
function filterKind(operator: Operator, value: unknown): Kind | "mixed" | undefined {
  if (operator === "in" && Array.isArray(value)) {
    const kinds = new Set(value.map(kindOf));
    return kinds.size === 1 ? kindOf(value[0]) : "mixed";
  }
  if (operator === "between" && Array.isArray(value)) return kindOf(value[0]);
  return kindOf(value);
}

/**
 * One line saying why `operator value` is `holds` for an attribute that is
 * `actual` (undefined or null: missing). `who` is the attribute as nameText shows it.
 */
export function predicateReason(who: string, operator: Operator, value: unknown, actual: unknown, holds: boolean): string {
  const missing = actual === undefined || actual === null;
  if (operator === "null" || operator === "notNull") {
    return missing ? `${who} is missing` : `${who} is present (${presentText(actual)})`;
  }
  if (missing) return `${who} is missing`;

  if (operator === "contains" || operator === "notContains") return containsReason(who, value, actual, operator === "contains" ? holds : !holds);

  const kind = filterKind(operator, value);
  const actualKind = kindOf(actual);
  const comparesOne = kind === "string" || kind === "number" || kind === "boolean";
  if (comparesOne && actualKind !== kind) {
    const looked = operator === "in" ? `lists ${kind}s` : `compares a ${kind}`;
    return `${who} ${holding(actual, true)}, and the filter ${looked}`;
  }
  if (kind === "mixed" && actualKind === undefined) return `${who} ${holding(actual, true)}, and the filter lists strings and numbers`;

  const is = `${who} ${holding(actual, false)}`;
  // From here the attribute is a string, a number or a boolean of the filter's type.
  const positive = operator === "notEquals" ? !holds : holds;
  switch (operator) {
    case "equals":
    case "notEquals":
      return positive ? is : `${is}, not ${scalarText(value)}`;
    case "lessThan":
    case "lessEqual":
    case "greaterThan":
    case "greaterEqual":
      return `${is}, ${holds ? "" : "not "}${SYMBOL[operator]} ${scalarText(value)}`;
    case "between": {
      const [lower, upper] = value as readonly unknown[];
      return `${is}, ${holds ? "" : "not "}between ${scalarText(lower)} and ${scalarText(upper)}`;
    }
    case "in": {
      const list = value as readonly unknown[];
      if (holds) return `${is}, one of ${listText(list)}`;
      return list.length === 1 ? `${is}, not ${scalarText(list[0])}` : `${is}, not one of ${listText(list)}`;
    }
    case "beginsWith":
      return `${is}, which ${holds ? "begins" : "does not begin"} with ${scalarText(value)}`;
    default:
      return is;
  }
}

/** `found` is whether the attribute contains the value (the truth of `contains`). */
function containsReason(who: string, value: unknown, actual: unknown, found: boolean): string {
  if (Array.isArray(actual)) return `${who} holds ${found ? "" : "no "}${scalarText(value)}`;
  if (typeof actual === "string" && typeof value === "string") {
    return `${who} is ${scalarText(actual)}, which ${found ? "contains" : "does not contain"} ${scalarText(value)}`;
  }
  const looked = isNumberValue(value) ? "a number in a set" : "text or a set element";
  return `${who} ${holding(actual, true)}, and the filter looks for ${looked}`;
}

/** A present value in parentheses: `"a@b"`, `7`, `a set of "x"`, `true, a boolean`, `an object`. */
function presentText(actual: unknown): string {
  if (typeof actual === "string" || isNumberValue(actual)) return scalarText(actual);
  return holding(actual, false).replace(/^is /, "").replace(/ \(a boolean\)$/, ", a boolean");
}
