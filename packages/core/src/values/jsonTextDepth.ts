/**
 * Nesting depth of JSON text: arrays and objects, counting brackets outside
 * strings, without parsing it. Stops early once past `limit`, so checking a
 * huge body costs one pass at most. The emulator checks request bodies with
 * it and the client checks responses, before JSON.parse and the walks after
 * it could meet a value nested deeper than the stack allows.
 */
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
