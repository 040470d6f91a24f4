import type { NumberValue } from "../values/ExactNumber.js";
import type { LiteralNode } from "./ast.js";

/**
 * A literal's value. Every stage after binding (bindParams.ts) reads values
 * through this, so a tree that still holds a `$name` cannot be compiled or
 * run by mistake: that is a bug in the caller, not bad filter text.
 */
export function literalValue(l: LiteralNode): string | NumberValue | boolean {
  if (l.type === "Param") throw new TypeError(`the parameter $${l.name} has no value here: bind params before this stage`);
  if (l.type === "Date") throw new TypeError(`the relative date '${l.anchor}' has no value here: resolve dates before this stage`);
  return l.value;
}
