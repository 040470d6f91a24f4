/** JSON for people on a terminal (indented) or for programs (one line). */
export function formatJson(value: unknown, pretty: boolean): string {
  return pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

/** A compiled filter for reading at a prompt: an array shows one filter per line. */
export function formatFilterLines(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return JSON.stringify(value);
  return `[\n${value.map((v) => `  ${JSON.stringify(v)}`).join(",\n")}\n]`;
}
