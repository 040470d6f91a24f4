import { describe, expect, it } from "vitest";
import { escapeForDisplay } from "../src/index.js";

describe("escapeForDisplay", () => {
  it.each([
    ["plain text", "a = 1", "a = 1"],
    ["ESC sequences that retitle and clear a terminal", "x\u001b]0;PWNED\u0007\u001b[2J", "x\\u001b]0;PWNED\\u0007\\u001b[2J"],
    ["line breaks", "a\nb\r\nc", "a\\u000ab\\u000d\\u000ac"],
    ["NUL, DEL and C1", "\u0000\u007f\u0080\u009b", "\\u0000\\u007f\\u0080\\u009b"],
    ["a tab", "a\tb", "a\\u0009b"],
    ["bidi overrides and isolates", "\u202eabc\u202c \u2066x\u2069 \u200e\u200f\u061c", "\\u202eabc\\u202c \\u2066x\\u2069 \\u200e\\u200f\\u061c"],
    ["line and paragraph separators", "a\u2028b\u2029", "a\\u2028b\\u2029"],
    ["other scripts, emoji and BOM kept", "名前 नाम 😀 é \ufeff", "名前 नाम 😀 é \ufeff"],
    ["a backslash kept", "\\u001b", "\\u001b"],
  ])("%s", (_, text, expected) => {
    expect(escapeForDisplay(text)).toBe(expected);
    // The output has nothing left to escape, so escaping twice changes nothing.
    expect(escapeForDisplay(expected)).toBe(expected);
  });

  it("keeps tabs when asked, for code frames", () => {
    expect(escapeForDisplay("\ta\u001b\t", true)).toBe("\ta\\u001b\t");
  });
});
