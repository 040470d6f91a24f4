import type { TokenType } from "chevrotain";
import { nextTokens } from "./nextTokens.js";
import { checkOptions, describeValue } from "../values/checkArgument.js";
import { isWord, lex, nameEnd } from "../scan/lexer.js";
import { resolveLimits, type Limits } from "../values/limits.js";
import { suggestMembers } from "./suggestMembers.js";
import { schemaIndex, type Schema } from "../schema/schema.js";
import { Identifier, NumberLiteral, QuotedIdentifier, StringLiteral } from "../scan/tokens.js";
import { SuggestContext, type Candidate } from "./suggestContext.js";

export type SuggestionKind = "attribute" | "operator" | "keyword" | "value" | "punctuation";

export interface Suggestion {
  /** The text to insert in place of `from`..`to`. */
  label: string;
  kind: SuggestionKind;
  /** One line about it: an operator's summary, an attribute's type. */
  detail?: string;
}

export interface Suggestions {
  /** The range the chosen label replaces: the word under the cursor, or the empty range at the cursor. */
  from: number;
  to: number;
  items: Suggestion[];
}

export interface SuggestOptions extends Partial<Limits> {
  /** "list" (default) completes listItems filters; "query" completes key queries. */
  mode?: "list" | "query";
  /** Attribute names (and aliases) to offer, and their types to narrow operators and values. */
  schema?: Schema;
  /** The table's secondary key name, offered beside `key` in query mode. */
  secondaryKey?: string;
}

/** The lexer's own cap on problems: past it, scanning stopped and tokens are missing. */
const LEX_MAX_PROBLEMS = 50;

const KIND_ORDER: Record<SuggestionKind, number> = { attribute: 0, operator: 1, value: 2, keyword: 3, punctuation: 4 };

/**
 * Completion at a cursor. nextTokens(), run over the tokens before the
 * cursor, gives the token types that may come next; they become
 * attribute names from the schema (or `key` in query mode), operators (only
 * those the mode and the attribute's type allow), value placeholders,
 * keywords and punctuation. Items are filtered by the word under the cursor,
 * case-insensitively, and that word's range is `from`..`to`. For any text
 * and any offset (clamped to the source) it answers, never throws: inside a
 * string or after text that does not parse the answer is simply fewer items.
 * Arguments of the wrong type are a TypeError.
 */
export function suggest(source: string, offset: number, options?: SuggestOptions): Suggestions {
  if (typeof source !== "string") throw new TypeError(`suggest takes the filter text as a string, not ${describeValue(source)}`);
  if (typeof offset !== "number") throw new TypeError(`suggest takes the cursor offset as a number, not ${describeValue(offset)}`);
  checkOptions("suggest", options, "schema, secondaryKey, mode and limits");
  // A malformed schema is the caller's mistake whatever the cursor: checked (and indexed, once per schema) up front.
  if (options?.schema !== undefined) schemaIndex(options.schema);
  const text = source;
  const at = clamp(offset, text.length);
  const none = (from = at, to = at): Suggestions => ({ from, to, items: [] });
  if (at > resolveLimits(options).maxLength) return none();

  const { tokens, problems } = lex(text.slice(0, at));
  if (problems.length >= LEX_MAX_PROBLEMS) return none();
  const last = tokens[tokens.length - 1];
  const touching = last !== undefined && last.endOffset! + 1 === at;
  // A scanning problem right at the cursor (a stray character) leaves nothing sensible to insert there.
  if (problems.some((p) => p.end === at && !(touching && p.start >= last.startOffset))) return none();

  // A member after a dot (`address.ci`): the schema's members of the path before it, and nothing else.
  const member = last !== undefined && (last.tokenType === Identifier || last.tokenType === QuotedIdentifier) ? suggestMembers(text, at, last, SuggestContext.index(options)) : undefined;
  if (member !== undefined) return member;

  let from = at;
  let to = at;
  let prefix = "";
  let before = tokens;
  if (touching) {
    const unterminated = problems.some((p) => p.start === last.startOffset && p.message.startsWith("unterminated"));
    if (last.tokenType === StringLiteral && unterminated) return none();
    if (last.tokenType === NumberLiteral) return none();
    if (last.tokenType === QuotedIdentifier && unterminated) {
      from = last.startOffset;
      to = quotedNameEnd(text, at);
      prefix = last.image;
      before = tokens.slice(0, -1);
    } else if (isWord(last.image)) {
      from = last.startOffset;
      to = nameEnd(text, at);
      prefix = last.image;
      before = tokens.slice(0, -1);
    }
  }

  const next = nextTokens(before, resolveLimits(options).maxDepth);
  if (next === null) return none(from, to);
  const context = new SuggestContext(before, options);
  const items: Candidate[] = [];
  const seen = new Set<string>();
  const add = (item: Candidate): void => {
    const key = item.kind + "\u0000" + item.label;
    if (seen.has(key)) return;
    seen.add(key);
    items.push(item);
  };
  const operatorTypes = new Set<TokenType>();
  for (const type of next.types) context.items(type, add, operatorTypes);
  // Operators come in table order, whatever order the token types came in.
  if (operatorTypes.size > 0) context.operators(operatorTypes, prefix !== "", add);

  const want = prefix.toLowerCase();
  const matches = (item: Candidate): boolean =>
    want === "" || item.label.toLowerCase().startsWith(want) || (item.name !== undefined && item.name.toLowerCase().startsWith(want));
  const result = items
    .filter(matches)
    .map((item, i) => ({ item, i }))
    .sort((a, b) => KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] || (a.item.rank ?? 0) - (b.item.rank ?? 0) || a.i - b.i)
    .map(({ item }) => {
      const { label, kind, detail } = item;
      return detail === undefined ? { label, kind } : { label, kind, detail };
    });
  return { from, to, items: result };
}

function clamp(offset: number, length: number): number {
  const n = typeof offset === "number" && !Number.isNaN(offset) ? Math.trunc(offset) : length;
  return Math.min(Math.max(n, 0), length);
}

/** End of a backtick name that starts before `from`: after its closing backtick, or at the line's end. */
function quotedNameEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 96) return i + 1;
    else if (c === 10 || c === 13) return i;
  }
  return text.length;
}
