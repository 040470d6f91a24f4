import { readNumber, type NumberValue } from "@itemfilter/core";

/**
 * A --key value as the service's primary key: a JSON number is sent as a
 * number with every digit (an ExactNumber past a double's), a double-quoted
 * value as the string inside, anything else as text. A number no store holds
 * (`1e400`, 39 digits) can be no key's value, so it is text, as a word is.
 */
export function keyValue(text: string): string | NumberValue {
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    const read = readNumber(text);
    if ("value" in read) return read.value;
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
