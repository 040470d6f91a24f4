import type { DiagnosticParams } from "./errors.js";
import { isExactNumber } from "../values/isExactNumber.js";
import type { NumberValue } from "../values/ExactNumber.js";

/**
 * What a value is, for params: `given`, a word of TYPE_WORDS, and `value`,
 * the value itself where it is a string or a finite number (JSON can hold
 * nothing else faithfully).
 */
export function givenParams(value: unknown): { given: string; value?: string | NumberValue } {
  if (typeof value === "string") return { given: "string", value };
  if (isExactNumber(value)) return { given: "number", value };
  if (typeof value === "number") return Number.isFinite(value) ? { given: "number", value } : { given: "infinite" };
  return { given: typeOf(value) };
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Params with `kind` first, as every diagnostic of a code with several shapes has it. */
export function kindParams(kind: string, params?: DiagnosticParams): DiagnosticParams {
  return { kind, ...params };
}
