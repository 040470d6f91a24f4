import { compareScalars } from "../semantics/compare.js";
import type { DiagnosticParams, ErrorCode } from "../errors.js";
import { shownText } from "../messageText.js";
import { operatorInfo, type Operator } from "../operators.js";

/**
 * Checks a value against its operator's shape in the operator table. The
 * compiler (on literals) and the JSON validator (on request bodies) both call
 * this, so the service's value rules live in one place.
 */
export interface ValueIssue {
  code: Extract<ErrorCode, "E_VALUE_TYPE" | "E_BETWEEN_BOUNDS" | "E_LIMIT" | "E_IN_MIXED_TYPES">;
  message: string;
  hint?: string;
  params: DiagnosticParams;
  /** Index of the offending element of an array value, or null for the value as a whole. */
  at: number | null;
  /** Text that would fix the value at `at` (or the whole value): `"5"` for `contains 5`. */
  replacement?: string;
}

function describe(value: unknown): string {
  if (typeof value === "string") return `the string "${shownText(value)}"`;
  if (typeof value === "number") return `the number ${value}`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value === undefined) return "undefined";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

function shownBound(v: string | number): string {
  return typeof v === "number" ? String(v) : `"${shownText(v)}"`;
}

const isScalar = (v: unknown): v is string | number => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** The message for an `in` list of strings and numbers, shared by the validator and the compilers. */
export const MIXED_IN = {
  message: "a list cannot mix strings and numbers; use values of one type",
  hint: "the service rejects such an 'in'; find (or plan) runs it as one request per type",
  params: {},
} as const;

/** A value as params hold it: the value itself when it is a string or a number, else what it is. */
function paramValue(value: unknown): string | number | null {
  if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value))) return value;
  return value === undefined || value === null ? null : describe(value);
}

/**
 * `present` tells an absent value from one that is present but undefined-like.
 * `mixedIn` lets an `in` list hold strings and numbers together: the text
 * compilers check that on what they produce (with a span), not on what is written,
 * since `not (a in (1, "x"))` compiles to two notEquals the service takes.
 */
export function checkValue(operator: Operator, value: unknown, present: boolean, maxInValues: number, mixedIn = false): ValueIssue | null {
  const info = operatorInfo(operator)!;
  const params = (extra?: DiagnosticParams): DiagnosticParams => ({ operator, ...extra });
  const issue = (message: string, at: number | null = null, code: ValueIssue["code"] = "E_VALUE_TYPE", p: DiagnosticParams = params()): ValueIssue => ({
    code,
    message,
    params: p,
    at,
  });
  switch (info.value) {
    case "none":
      return present ? issue(`'${operator}' takes no value; leave it out`) : null;
    case "scalar":
      if (!present) return issue(`'${operator}' needs a value: a string or a number`);
      return isScalar(value) ? null : issue(`'${operator}' takes a string or a number, not ${describe(value)}`, null, "E_VALUE_TYPE", params({ value: paramValue(value) }));
    case "number":
      if (!present) return issue(`'${operator}' needs a number`);
      if (typeof value === "number" && Number.isFinite(value)) return null;
      return issue(
        `'${operator}' takes a number, not ${describe(value)}` +
          (typeof value === "string" ? "; the service orders numbers only (use between for a range of strings)" : ""),
        null,
        "E_VALUE_TYPE",
        params({ expected: "number", value: paramValue(value) }),
      );
    case "string":
      if (!present) return issue(`'${operator}' needs a string`);
      if (typeof value === "string") return null;
      if (typeof value === "number") {
        const text = `"${String(value)}"`;
        const p = params({ expected: "string", value, suggestion: text });
        return { ...issue(`'${operator}' takes a string, not ${describe(value)}; write ${text} to match the text`, null, "E_VALUE_TYPE", p), replacement: text };
      }
      return issue(`'${operator}' takes a string, not ${describe(value)}`, null, "E_VALUE_TYPE", params({ expected: "string", value: paramValue(value) }));
    case "list": {
      if (!present) return issue("'in' needs a value or a list of values");
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) return issue("'in' needs at least one value");
      if (list.length > maxInValues) {
        return { ...issue(`'in' takes at most ${maxInValues} values, not ${list.length}`, null, "E_LIMIT", params({ limit: maxInValues, count: list.length })), hint: "raise maxInValues to accept more" };
      }
      for (let i = 0; i < list.length; i++) {
        if (!isScalar(list[i])) return issue(`'in' takes strings or numbers, not ${describe(list[i])}`, Array.isArray(value) ? i : null, "E_VALUE_TYPE", params({ value: paramValue(list[i]) }));
      }
      if (!mixedIn && list.some((v) => typeof v !== typeof list[0])) return { code: "E_IN_MIXED_TYPES", ...MIXED_IN, at: null };
      return null;
    }
    case "range": {
      if (!Array.isArray(value) || value.length !== 2) {
        return issue(`'between' takes an array of two bounds, [lower, upper], not ${present ? describe(value) : "nothing"}`);
      }
      const [lower, upper] = value as unknown[];
      if (!isScalar(lower)) return issue(`a 'between' bound is a string or a number, not ${describe(lower)}`, 0, "E_VALUE_TYPE", params({ value: paramValue(lower) }));
      if (!isScalar(upper)) return issue(`a 'between' bound is a string or a number, not ${describe(upper)}`, 1, "E_VALUE_TYPE", params({ value: paramValue(upper) }));
      const order = compareScalars(lower, upper);
      if (order === null) {
        return issue(`'between' bounds must be of one type, but ${describe(lower)} and ${describe(upper)} differ`, 1, "E_BETWEEN_BOUNDS", params({ lower, upper }));
      }
      if (order > 0) {
        return issue(
          `the lower bound ${shownBound(lower)} is greater than the upper bound ${shownBound(upper)}; swap them`,
          null,
          "E_BETWEEN_BOUNDS",
          params({ lower, upper }),
        );
      }
      return null;
    }
  }
}
