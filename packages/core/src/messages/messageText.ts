import { escapeForDisplay } from "../values/escapeForDisplay.js";

// Bounds on what a diagnostic shows, so that a 16,000-character name or value
// never comes back whole: the span points at the text, the message quotes it
// cut short.

/** Most characters (code points) of a user's text quoted in a message, the ellipsis included. */
export const MAX_QUOTED = 40;
/** Most characters of a message or a hint. */
export const MAX_MESSAGE = 300;

/** Text cut to `max` code points, the last being "…" when anything was cut. Never splits a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const points = Array.from(text.slice(0, max * 2));
  return points.length <= max && text.length <= max * 2 ? text : points.slice(0, max - 1).join("") + "…";
}

/** Text of the user's to quote in a message: cut to MAX_QUOTED, then escaped for display. */
export function shownText(text: string): string {
  return escapeForDisplay(cutText(text, MAX_QUOTED));
}

/** The same, in single quotes: `'agee'`. */
export function quoted(text: string): string {
  return `'${shownText(text)}'`;
}

/** A whole message or hint, bounded: one line, no control characters, at most MAX_MESSAGE characters. */
export function boundMessage(text: string): string {
  return cutText(escapeForDisplay(text), MAX_MESSAGE);
}

/** A fix's title for a button or a menu: `Replace with 'age'`. */
export function replaceTitle(replacement: string): string {
  return `Replace with ${quoted(replacement)}`;
}
