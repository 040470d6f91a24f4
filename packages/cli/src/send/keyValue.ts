/**
 * A --key value as the service's primary key: a JSON number is sent as a
 * number, a double-quoted value as the string inside, anything else as text.
 */
export function keyValue(text: string): string | number {
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n)) return n;
  }
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const inner: unknown = JSON.parse(text);
      if (typeof inner === "string") return inner;
    } catch {
      // Not a JSON string after all: send it as written.
    }
  }
  return text;
}
