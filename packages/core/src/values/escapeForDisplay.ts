/**
 * Text safe to show on a terminal or in a page: every character that is
 * invisible or that steers the display is written as a `\uXXXX` escape, the
 * form table output uses. That is C0 and C1 controls and DEL (a raw ESC in a
 * filter could retitle the terminal or clear the screen; a raw line break
 * would split a one-line message), the bidirectional controls (U+061C,
 * U+200E, U+200F, U+202A-U+202E, U+2066-U+2069, which reorder what follows
 * them: "Trojan Source"), and the line and paragraph separators U+2028 and
 * U+2029. Everything else, non-ASCII and non-BMP text included, is kept, so
 * text in any script stays readable. The output holds none of these
 * characters, so escaping twice changes nothing.
 *
 * Every message that quotes source text, and every code frame, goes through
 * this one function. With `keepTabs`, a tab stays a tab (code frames keep
 * tabs so the caret lines up under them).
 */
export function escapeForDisplay(text: string, keepTabs = false): string {
  if (!UNSAFE.test(text)) return text;
  return text.replace(keepTabs ? UNSAFE_BUT_TAB_ALL : UNSAFE_ALL, hex);
}

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_TAB_ALL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

function hex(c: string): string {
  return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
}
