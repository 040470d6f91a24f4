import { isExactNumber } from "@itemfilter/core";

/**
 * Deepest nesting of arrays and objects inside an item, below the item
 * itself: DynamoDB's limit for nested attributes ("Constraints in Amazon
 * DynamoDB", attributes: "DynamoDB supports nested attributes up to 32
 * levels deep"). An item deeper than this is refused at load, because every
 * answer that held it would fail to be written.
 */
export const MAX_ITEM_DEPTH = 32;

/**
 * What makes an item unservable, or undefined: nesting past MAX_ITEM_DEPTH,
 * or a number JSON cannot carry (Infinity or NaN, which would go out as
 * null). The first problem in a depth-first walk that visits an object's
 * members last to first is the one reported.
 */
export function itemProblem(item: Record<string, unknown>): string | undefined {
  return problemIn(item, 0);
}

/**
 * Recursive, yet no item can overflow the call stack: the walk stops one
 * level past MAX_ITEM_DEPTH, so it never holds more than MAX_ITEM_DEPTH + 2
 * frames. This runs once per item of a data file, so it allocates nothing
 * for strings, booleans, null and finite numbers.
 */
function problemIn(value: object, depth: number): string | undefined {
  if (depth > MAX_ITEM_DEPTH) return `nests arrays and objects more than ${MAX_ITEM_DEPTH} levels deep (DynamoDB's limit for nested attributes)`;
  const children: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (typeof child === "object") {
      // An ExactNumber (a number past a double's digits) is a value, not an object to walk.
      if (child === null || isExactNumber(child)) continue;
      const problem = problemIn(child, depth + 1);
      if (problem !== undefined) return problem;
    } else if (typeof child === "number" && !Number.isFinite(child)) {
      return `holds the number ${String(child)}, which JSON cannot carry`;
    }
  }
  return undefined;
}
