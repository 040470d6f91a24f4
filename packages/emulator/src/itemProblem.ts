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
 * null). Walked with its own stack, so no item can overflow the call stack.
 */
export function itemProblem(item: Record<string, unknown>): string | undefined {
  const stack: [unknown, number][] = [[item, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return `holds the number ${String(value)}, which JSON cannot carry`;
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_ITEM_DEPTH) return `nests arrays and objects more than ${MAX_ITEM_DEPTH} levels deep (DynamoDB's limit for nested attributes)`;
    const children = Array.isArray(value) ? value : Object.values(value);
    for (const child of children) stack.push([child, depth + 1]);
  }
  return undefined;
}
