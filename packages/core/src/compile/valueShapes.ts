import { compareScalars } from "../semantics/compare.js";
import type { ErrorCode } from "../errors.js";
import { operatorInfo, type Operator } from "../operators.js";

/**
 * Checks a value against its operator's shape in the operator table. The
 * compiler (on literals) and the JSON validator (on request bodies) both call
 * this, so the service's value rules live in one place.
 */
export interface ValueIssue {
  code: Extract<ErrorCode, "E_VALUE_TYPE" | "E_BETWEEN_BOUNDS" | "E_LIMIT" | "E_IN_MIXED_TYPES">;
  message: string;
  /** Index of the offending element of an array value, or null for the value as a whole. */
  at: number | null;
}

function describe(value: unknown): string {
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 20 ? value.slice(0, 19) + "…" : value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (value === undefined) return "undefined";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

const isScalar = (v: unknown): v is string | number => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** The message for an `in` list of strings and numbers, shared by the validator and the compilers. */
export const MIXED_IN_MESSAGE =
  "the service rejects an 'in' list that mixes strings and numbers; use values of one type, or run the filter with find (or plan), which sends one request per type";

/**
 * `present` tells an absent value from one that is present but undefined-like.
 * `mixedIn` lets an `in` list hold strings and numbers together: the text
 * compilers check that on what they produce (with a span), not on what is written,
 * since `not (a in (1, "x"))` compiles to two notEquals the service takes.
 */
export function checkValue(operator: Operator, value: unknown, present: boolean, maxInValues: number, mixedIn = false): ValueIssue | null {
  const info = operatorInfo(operator)!;
  const issue = (message: string, at: number | null = null, code: ValueIssue["code"] = "E_VALUE_TYPE"): ValueIssue => ({ code, message, at });
  switch (info.value) {
    case "none":
      return present ? issue(`'${operator}' takes no value; leave it out`) : null;
    case "scalar":
      if (!present) return issue(`'${operator}' needs a value: a string or a number`);
      return isScalar(value) ? null : issue(`'${operator}' takes a string or a number, not ${describe(value)}`);
    case "number":
      if (!present) return issue(`'${operator}' needs a number`);
      if (typeof value === "number" && Number.isFinite(value)) return null;
      return issue(
        `'${operator}' takes a number, not ${describe(value)}` +
          (typeof value === "string" ? "; the service orders numbers only (use between for a range of strings)" : ""),
      );
    case "string":
      if (!present) return issue(`'${operator}' needs a string`);
      if (typeof value === "string") return null;
      return issue(`'${operator}' takes a string, not ${describe(value)}` + (typeof value === "number" ? `; write "${value}" to match the text` : ""));
    case "list": {
      if (!present) return issue("'in' needs a value or a list of values");
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) return issue("'in' needs at least one value");
      if (list.length > maxInValues) return issue(`'in' takes at most ${maxInValues} values, not ${list.length}`, null, "E_LIMIT");
      for (let i = 0; i < list.length; i++) {
        if (!isScalar(list[i])) return issue(`'in' takes strings or numbers, not ${describe(list[i])}`, Array.isArray(value) ? i : null);
      }
      if (!mixedIn && list.some((v) => typeof v !== typeof list[0])) return issue(MIXED_IN_MESSAGE, null, "E_IN_MIXED_TYPES");
      return null;
    }
    case "range": {
      if (!Array.isArray(value) || value.length !== 2) {
        return issue(`'between' takes an array of two bounds, [lower, upper], not ${present ? describe(value) : "nothing"}`);
      }
      const [lower, upper] = value as unknown[];
      if (!isScalar(lower)) return issue(`a 'between' bound is a string or a number, not ${describe(lower)}`, 0);
      if (!isScalar(upper)) return issue(`a 'between' bound is a string or a number, not ${describe(upper)}`, 1);
      const order = compareScalars(lower, upper);
      if (order === null) {
        return issue(`'between' bounds must be of one type, but ${describe(lower)} and ${describe(upper)} differ`, 1, "E_BETWEEN_BOUNDS");
      }
      if (order > 0) {
        return issue(
          `the lower bound ${JSON.stringify(lower)} is greater than the upper bound ${JSON.stringify(upper)}; swap them`,
          null,
          "E_BETWEEN_BOUNDS",
        );
      }
      return null;
    }
  }
}
