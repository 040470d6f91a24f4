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

/** How many times the character occurs in the text, counting no further than most + 1 (indexOf runs natively, far faster than a loop over every character). */
function countUpTo(text: string, char: string, most: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && count <= most; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/**
 * Whether JSON text could nest arrays and objects deeper than `limit`: its
 * `[` and `{` counted, strings and all, bound its depth from above. False
 * means it cannot (core's jsonTextDepth need not read it); true means it
 * must be measured. A page of up to about a hundred flat items is settled
 * here for a fraction of a full scan (issue 26).
 */
export function mayNestDeeperThan(text: string, limit: number): boolean {
  const braces = countUpTo(text, "{", limit);
  return braces > limit || countUpTo(text, "[", limit - braces) > limit - braces;
}
