/**
 * JSON text with every object's members in sorted order, so two values that
 * differ only in member order give the same text. Used to compare page keys
 * and to tell items apart; values are JSON from the wire (no cycles, no
 * undefined), and nesting is as deep as the JSON parser allowed.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const names = Object.keys(value).sort();
  return `{${names.map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`).join(",")}}`;
}
