/**
 * Deepest nesting of arrays and objects the client reads or writes. Items
 * nest at most 32 levels in DynamoDB; this leaves room for the page's own
 * envelope and more, while every walk of a value (canonical JSON, printing,
 * JSON.stringify) stays far inside the JavaScript stack.
 */
export const MAX_JSON_DEPTH = 256;

/** Whether a value nests arrays and objects deeper than `limit`, found with its own stack (never a RangeError). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
