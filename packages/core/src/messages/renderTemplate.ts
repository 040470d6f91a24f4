import type { DiagnosticParams } from "./errors.js";
import { shownText } from "./messageText.js";
import { escapeForDisplay } from "../values/escapeForDisplay.js";
import { operatorInfo } from "../values/operators.js";
import { describeValue } from "../values/checkArgument.js";
import { TOKEN_WORDS, TYPE_WORDS } from "./messageWords.js";

/** A template's key for a code and its params: `CODE kind`, or `CODE` for a code of one shape. */
export function templateKey(code: string, params: DiagnosticParams): string {
  return typeof params.kind === "string" ? `${code} ${params.kind}` : code;
}

export function checkParams(fn: string, params: unknown): asserts params is DiagnosticParams {
  if (typeof params !== "object" || params === null || Array.isArray(params)) throw new TypeError(`${fn} takes params as an object, not ${describeValue(params)}`);
}

/** The phrases a template's formats read; a translation passes its own. */
export interface Words {
  readonly tokens: Readonly<Record<string, string>>;
  readonly types: Readonly<Record<string, string>>;
  /** "or" and "and" as list joiners; "end" for end of input. */
  readonly or: string;
  readonly and: string;
  readonly end: string;
}

export const WORDS: Words = { tokens: TOKEN_WORDS, types: TYPE_WORDS, or: "or", and: "and", end: "end of input" };

type Param = DiagnosticParams[string] | undefined;

/**
 * Renders a template (its syntax is described in messageTemplates.ts). Kept
 * free of anything English but `words`, so a test can render another
 * language's templates with it.
 */
export function renderTemplate(text: string, params: DiagnosticParams, words: Words): string {
  if (typeof text !== "string") throw new TypeError(`renderTemplate takes a template (a string), not ${describeValue(text)}`);
  checkParams("renderTemplate", params);
  if (typeof words !== "object" || words === null || typeof words.tokens !== "object" || typeof words.types !== "object" || words.tokens === null || words.types === null) {
    throw new TypeError(`renderTemplate takes words as { tokens, types, or, and, end }, not ${describeValue(words)}`);
  }
  return render(text, params, words);
}

/** renderTemplate without its argument checks: for the library's own renderers, whose arguments are its own. */
export function render(text: string, params: DiagnosticParams, words: Words): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    if (c === "[") {
      const close = closing(text, i, "]");
      const inner = text.slice(i + 1, close);
      if (namesIn(inner).every((name) => isPresent(own(params, name)))) out += render(inner, params, words);
      i = close + 1;
    } else if (c === "{") {
      const close = closing(text, i, "}");
      const [name, format] = text.slice(i + 1, close).split("|") as [string, string | undefined];
      out += formatParam(name, format, params, words);
      i = close + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function closing(text: string, at: number, bracket: string): number {
  const close = text.indexOf(bracket, at);
  if (close < 0) throw new TypeError(`renderTemplate: this template opens '${text[at]}' at ${at} and never closes it`);
  return close;
}

/** An own member only: a param named `constructor` is data. */
function own(params: DiagnosticParams, name: string): Param {
  return Object.hasOwn(params, name) ? params[name] : undefined;
}

function namesIn(text: string): string[] {
  return [...text.matchAll(/\{([^}|]+)/g)].map((m) => m[1]!);
}

function isPresent(value: Param): boolean {
  return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
}

function formatParam(name: string, format: string | undefined, params: DiagnosticParams, words: Words): string {
  const value = own(params, name);
  const redacted = own(params, "redacted");
  if (Array.isArray(redacted) && redacted.includes(name)) return String(value);
  switch (format) {
    case undefined:
      return shown(value);
    case "literal":
      return typeof value === "string" ? `"${shownText(value)}"` : shown(value);
    case "found":
      return value === null || value === undefined ? words.end : `'${shown(value)}'`;
    case "char":
      return char(String(value));
    case "type":
      return (Object.hasOwn(words.types, String(value)) ? words.types[String(value)] : undefined) ?? shown(value);
    case "tokens":
      return joined(list(value).map((t) => (Object.hasOwn(words.tokens, String(t)) ? words.tokens[String(t)] : undefined) ?? `'${shown(t)}'`), words.or);
    case "operators":
      return joined(list(value).map((op) => `'${writtenForm(String(op))}'`), words.or);
    case "or":
      return joined(list(value).map((v) => `'${shown(v)}'`), words.or);
    case "and":
      return joined(list(value).map((v) => `'${shown(v)}'`), words.and);
    case "plain":
      return list(value).map(shown).join(", ");
    default:
      throw new TypeError(`renderTemplate: unknown format ${describeValue(format)}`);
  }
}

function shown(value: Param): string {
  return typeof value === "string" ? shownText(value) : String(value);
}

function list(value: Param): readonly (string | number)[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value as string | number];
}

/** `a`, `a or b`, `a, b or c`. */
function joined(items: readonly string[], last: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

/** A character in quotes, or its code point where it would not show. */
function char(c: string): string {
  const cp = c.codePointAt(0) ?? 0;
  return escapeForDisplay(c) !== c ? `U+${cp.toString(16).toUpperCase().padStart(4, "0")}` : `'${c}'`;
}

/** An operator as a filter writes it: its first symbol, else its name. */
export function writtenForm(operator: string): string {
  const info = operatorInfo(operator);
  return info?.symbols[0] ?? operator;
}
