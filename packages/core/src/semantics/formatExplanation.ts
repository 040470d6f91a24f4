import { describeValue } from "../values/checkArgument.js";
import { escapeForDisplay } from "../values/escapeForDisplay.js";
import type { Explanation } from "./explainMatch.js";
import { isSpan, LineIndex } from "../messages/location.js";
import { markSpan } from "../print/markSpan.js";

export interface FormatExplanationOptions {
  /** ANSI colour: green carets for conditions that hold, red for those that do not. Off by default. */
  color?: boolean;
}

const RED = "\u001b[31m";
const GREEN = "\u001b[32m";
const BOLD = "\u001b[1m";
const RESET = "\u001b[0m";

/**
 * Renders an explanation (explainMatch) like a code frame: a head line, then
 * each line of the filter that holds a deciding condition, with carets under
 * each condition and its reason beside them.
 *
 *     no match: 2 conditions decided it
 *     1 | age >= 30 and plan = "pro"
 *       | ^^^^^^^^^ age is 23, not >= 30
 *       |               ^^^^^^^^^^^^ plan is "free", not "pro"
 *
 * `source` is the filter text the spans point into: the text given to
 * explainMatch, or `explanation.source` for filter JSON. Everything shown is
 * escaped (escapeForDisplay), as in every other message.
 */
export function formatExplanation(source: string, explanation: Explanation, options?: FormatExplanationOptions): string {
  if (typeof source !== "string") throw new TypeError(`formatExplanation takes the filter text (a string) first, not ${describeValue(source)}`);
  checkExplanation(explanation);
  if (options !== undefined && (typeof options !== "object" || options === null)) {
    throw new TypeError(`formatExplanation takes options as an object ({ color? }), not ${describeValue(options)}`);
  }
  const color = options?.color === true;
  const paint = (style: string, text: string): string => (color ? style + text + RESET : text);
  const { matched, predicates } = explanation;
  const count = predicates.length;
  const what = count === 1 ? "1 condition decided it" : `${count} conditions decided it`;
  const empty = explanation.outOfScope === true ? ": the item is outside what this filter may select" : ": the filter is empty";
  const head = paint(BOLD + (matched ? GREEN : RED), matched ? "match" : "no match") + (count === 0 ? empty : `: ${what}`);
  const index = new LineIndex(source);
  const lines: string[] = [head];
  let shownLine = -1;
  for (const p of predicates) {
    const marked = markSpan(index, p.span, 0);
    if (p.span.start.line !== shownLine) {
      lines.push(marked.source);
      shownLine = p.span.start.line;
    }
    // A condition counts for the match when its answer, turned by any `not` above it, is true.
    const counted = p.holds !== p.negated;
    const carets = paint(counted ? GREEN : RED, "^".repeat(marked.carets));
    lines.push(`${marked.pad} | ${marked.lead}${carets} ${escapeForDisplay(p.reason)}`);
  }
  return lines.join("\n");
}

function checkExplanation(value: unknown): asserts value is Explanation {
  const what = "formatExplanation takes an explanation from explainMatch ({ matched, predicates })";
  if (typeof value !== "object" || value === null) throw new TypeError(`${what}, not ${describeValue(value)}`);
  const { matched, predicates } = value as Explanation;
  if (typeof matched !== "boolean" || !Array.isArray(predicates)) throw new TypeError(`${what}, not ${describeValue(value)}`);
  predicates.forEach((p: unknown, i) => {
    const q = p as Explanation["predicates"][number];
    if (typeof q !== "object" || q === null || !isSpan(q.span) || typeof q.reason !== "string" || typeof q.holds !== "boolean" || typeof q.negated !== "boolean") {
      throw new TypeError(`${what}; predicates[${i}] is not a deciding condition ({ span, reason, holds, negated, … })`);
    }
  });
}
