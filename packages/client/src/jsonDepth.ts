/**
 * Deepest nesting of arrays and objects the client reads or writes. Items
 * nest at most 32 levels in DynamoDB; this leaves room for the page's own
 * envelope and more, while every walk of a value (canonical JSON, printing,
 * JSON.stringify) stays far inside the JavaScript stack.
 */
export const MAX_JSON_DEPTH = 256;

/** Nesting depth of JSON text, counting brackets outside strings; stops early once past `limit`. */
export function jsonTextDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

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
