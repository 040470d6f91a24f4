import type { Operator } from "../values/operators.js";
import type { TypeName } from "../syntax/typeNames.js";
import { isRecord } from "./itemValue.js";
import { isExactNumber } from "../values/isExactNumber.js";
import { predicateTest, present, type ValueTest } from "./predicateTest.js";

/*
 * What `size(a)` and `a is TYPE` match, on the item model (plain JSON, as
 * unmarshalItem gives DynamoDB's items): grammar/semantics.md. The answers
 * follow DynamoDB Local's, which the property test on it checks.
 */

/** `{ "$binary": base64 }`, how unmarshalItem gives a binary value (B). */
function isBinary(x: unknown): x is { $binary: string } {
  if (!isRecord(x)) return false;
  const keys = Object.keys(x);
  return keys.length === 1 && keys[0] === "$binary" && typeof x.$binary === "string";
}

/** The type of a present value, or undefined for a missing one (absent or null) and anything JSON does not hold. */
export function valueType(x: unknown): TypeName | undefined {
  switch (typeof x) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "object":
      if (x === null) return undefined;
      // A number beyond a double (an ExactNumber) is a number, not a map.
      if (isExactNumber(x)) return "number";
      if (Array.isArray(x)) return "list";
      return isBinary(x) ? "binary" : "map";
    default:
      return undefined;
  }
}

/**
 * DynamoDB's size(): a string's length in UTF-16 code units (DynamoDB Local
 * gives 2 for "😀" and for "中文", so neither bytes nor code points), a
 * binary's bytes, a list's or set's elements, a map's members. Undefined
 * where there is no size: missing, a number, a boolean.
 */
export function sizeOf(x: unknown): number | undefined {
  if (typeof x === "string") return x.length;
  if (Array.isArray(x)) return present(x).length;
  if (isBinary(x)) return base64Bytes(x.$binary);
  if (isRecord(x) && !isExactNumber(x)) return Object.keys(x).length;
  return undefined;
}

function base64Bytes(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}

/**
 * `size(a) op value`: the operator's own test on the size, where a missing
 * size is read as a missing attribute. So `size(a) != 3` is true where `a`
 * has no size, as DynamoDB's `size(a) <> :v` is, and every other comparison false.
 */
export function sizeTest(operator: Operator, value: unknown): ValueTest {
  const test = predicateTest(operator, value);
  return (x) => test(sizeOf(x));
}

/** `a is T` (false where `a` is missing) and `a is not T`, exactly its negation (true where `a` is missing). */
export function typeTest(operator: "type" | "notType", name: unknown): ValueTest {
  if (operator === "type") return (x) => valueType(x) === name;
  return (x) => valueType(x) !== name;
}
