import { compareStrings } from "../values/compare.js";
import { compareNumbers } from "../values/compareNumbers.js";
import type { NumberValue } from "../values/ExactNumber.js";
import type { Scalar } from "../values/filters.js";
import type { DiagnosticParams, ErrorCode } from "../messages/errors.js";
import { renderValueMessage as renderMessage } from "../messages/renderValueMessage.js";
import { givenParams } from "../messages/valueKind.js";
import { operatorInfo, type Operator } from "../values/operators.js";
import { isExactNumber } from "../values/isExactNumber.js";

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

// Number.isFinite is false for anything but a finite number (no coercion, unlike isFinite).
const isNumber = (v: unknown): boolean => Number.isFinite(v) || isExactNumber(v);
const isScalar = (v: unknown): boolean => typeof v === "string" || isNumber(v);

/** The message for an `in` list of strings and numbers, shared by the validator and the compilers. */
export const MIXED_IN = {
  message: renderMessage("E_IN_MIXED_TYPES", {}),
  hint: "the service rejects such an 'in'; find (or plan) runs it as one request per type",
  params: {},
} as const;

/**
 * `present` tells an absent value from one that is present but undefined-like.
 * `mixedIn` lets an `in` list hold strings and numbers together: the text
 * compilers check that on what they produce (with a span), not on what is written,
 * since `not (a in (1, "x"))` compiles to two notEquals the service takes.
 */
export function checkValue(
  operator: Operator,
  value: unknown,
  present: boolean,
  maxInValues: number,
  mixedIn = false,
  written: string = operator,
): ValueIssue | null {
  const info = operatorInfo(operator)!;
  const issue = (kind: string, extra?: DiagnosticParams, at: number | null = null, code: ValueIssue["code"] = "E_VALUE_TYPE"): ValueIssue => {
    const params = { kind, operator, written, ...extra };
    return { code, message: renderMessage(code, params), params, at };
  };
  /** The value's type and, for a string or a number, the value. */
  const given = (v: unknown, expected: string): DiagnosticParams => ({ expected, ...givenParams(v) });
  switch (info.value) {
    case "none":
      return present ? issue("noValue") : null;
    case "scalar":
      if (!present) return issue("missing", { expected: "scalar" });
      return isScalar(value) ? null : issue("type", given(value, "scalar"));
    case "number":
      if (!present) return issue("missing", { expected: "number" });
      if (isNumber(value)) return null;
      return issue(typeof value === "string" ? "typeOrdering" : "type", given(value, "number"));
    case "string":
      if (!present) return issue("missing", { expected: "string" });
      if (typeof value === "string") return null;
      if (isNumber(value)) {
        const text = `"${String(value)}"`;
        return { ...issue("typeText", { ...given(value, "string"), suggestion: text }), replacement: text };
      }
      return issue("type", given(value, "string"));
    case "list": {
      if (!present) return issue("missing", { expected: "values" });
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) return issue("inEmpty");
      if (list.length > maxInValues) {
        return { ...issue("inCount", { limit: maxInValues, count: list.length }, null, "E_LIMIT"), hint: "raise maxInValues to accept more" };
      }
      for (let i = 0; i < list.length; i++) {
        if (!isScalar(list[i])) return issue("type", given(list[i], "scalar"), Array.isArray(value) ? i : null);
      }
      if (!mixedIn && list.some((v) => typeof v === "string" !== (typeof list[0] === "string"))) return { code: "E_IN_MIXED_TYPES", ...MIXED_IN, at: null };
      return null;
    }
    case "range": {
      if (!Array.isArray(value) || value.length !== 2) return issue("range", present ? givenParams(value) : { given: "nothing" });
      const [lower, upper] = value as Scalar[];
      if (!isScalar(lower)) return issue("bound", given(lower, "scalar"), 0);
      if (!isScalar(upper)) return issue("bound", given(upper, "scalar"), 1);
      const text = typeof lower === "string";
      if (text !== (typeof upper === "string")) return issue("types", { lower, upper }, 1, "E_BETWEEN_BOUNDS");
      // Not compareScalars, which would bring its own argument checks into every bundle that validates.
      if ((text ? compareStrings(lower as string, upper as string) : compareNumbers(lower as NumberValue, upper as NumberValue)) > 0) {
        return issue("order", { lower, upper }, null, "E_BETWEEN_BOUNDS");
      }
      return null;
    }
  }
}
