import type { TokenType } from "chevrotain";
import { nextTokens } from "./nextTokens.js";
import { checkOptions, describeValue } from "../values/checkArgument.js";
import { CANONICAL_OPERATOR } from "../print/format.js";
import { isWord, lex, nameEnd, type Token } from "../scan/lexer.js";
import { resolveLimits, type Limits } from "../values/limits.js";
import { OPERATORS, operatorInfo, type Operator, type OperatorInfo } from "../values/operators.js";
import { quoteName, quotePath } from "../scan/quote.js";
import { suggestMembers } from "./suggestMembers.js";
import type { NamePath } from "../scan/readNamePath.js";
import { schemaIndex, type AttributeType, type Schema, type SchemaIndex } from "../schema/schema.js";
import { takesBoolean } from "../syntax/booleanOperators.js";
import {
  And,
  Between,
  BooleanLiteral,
  Comma,
  CompareOp,
  Identifier,
  In,
  Is,
  LBracket,
  LParen,
  Not,
  NotNull,
  Null,
  NumberLiteral,
  Or,
  QuotedIdentifier,
  RBracket,
  RParen,
  StringLiteral,
  TypeName,
} from "../scan/tokens.js";
import { SIZE_OPERATORS, TYPE_NAMES, type TypeName as TypeWord } from "../syntax/typeNames.js";

const SIZE_DETAIL = "size(a): a string's length, a list's, set's or map's elements; compare it with a number";

/** What each type test matches, for content assist. */
const TYPE_DETAIL: Record<TypeWord, string> = {
  string: "a string (DynamoDB's S)",
  number: "a number (N)",
  boolean: "true or false (BOOL)",
  list: "a list or a set (L, SS, NS, BS)",
  map: "a map (M)",
  binary: "binary data (B)",
};

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

/** A written operator offered after an attribute. Aliases are word spellings shown only once a word is being typed. */
interface OperatorItem {
  label: string;
  type: TokenType;
  info: OperatorInfo;
  alias: boolean;
}

const OPERATOR_TOKEN: Partial<Record<Operator, TokenType>> = { in: In, between: Between, null: Is, notNull: Is };

const OPERATOR_ITEMS: OperatorItem[] = OPERATORS.flatMap((info) => {
  const canonical = CANONICAL_OPERATOR[info.name];
  const items: OperatorItem[] = [{ label: canonical, type: OPERATOR_TOKEN[info.name] ?? CompareOp, info, alias: false }];
  for (const word of info.words) {
    if (word === canonical) continue;
    const type = info.name === "null" ? Null : info.name === "notNull" ? NotNull : CompareOp;
    items.push({ label: word, type, info, alias: true });
  }
  return items;
});

/** An item while it is being collected: `name` is an attribute's unquoted name (matched too), `rank` orders operators as the table does. */
type Candidate = Suggestion & { name?: string; rank?: number };
type Add = (item: Candidate) => void;

const RANK = new Map<Operator, number>(OPERATORS.map((op, i) => [op.name, i]));

const KEYWORD_DETAIL = { and: "both conditions hold", or: "either condition holds", not: "the condition does not hold" };

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
  const member = last !== undefined && (last.tokenType === Identifier || last.tokenType === QuotedIdentifier) ? suggestMembers(text, at, last, Context.index(options)) : undefined;
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
  const context = new Context(before, options);
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

/** What the tokens before the cursor say about the predicate being written. */
class Context {
  private readonly query: boolean;
  constructor(
    private readonly before: Token[],
    private readonly options: SuggestOptions | undefined,
  ) {
    this.query = options?.mode === "query";
  }

  /*
   * Where a token type may come decides what it means (`null` as a value or an
   * operator, `not` as a keyword or inside `is not null`, `and` joining
   * conditions or bounds). That is read from the tokens before the cursor.
   */
  items(type: TokenType, add: Add, operatorTypes: Set<TokenType>): void {
    const prev = this.before[this.before.length - 1]?.tokenType;
    switch (type) {
      case Identifier:
      case QuotedIdentifier:
        for (const item of this.attributes()) add(item);
        // DynamoDB's size() where a condition starts: not inside size's own parentheses, nor in a key query.
        if (!this.query && !this.insideSize()) add({ label: "size(", kind: "keyword", detail: SIZE_DETAIL });
        return;
      case CompareOp:
      case In:
      case Between:
      case NotNull:
      case Is:
        if (this.subject() !== false) operatorTypes.add(type);
        return;
      case Null:
        // A size compares with numbers, never with null.
        if (prev === CompareOp) {
          if (!this.sizeBefore(this.before.length - 1)) this.nullValue(add);
        }
        else if (this.query) return;
        else if (prev === Is) add({ label: "null", kind: "operator", detail: operatorInfo("null")!.summary, rank: RANK.get("null")! });
        else if (prev === Not && this.before[this.before.length - 2]?.tokenType === Is) {
          add({ label: "null", kind: "operator", detail: operatorInfo("notNull")!.summary, rank: RANK.get("notNull")! });
        } else if (this.subject() !== false) operatorTypes.add(type);
        return;
      case Not:
        if (this.query) return;
        if (prev === Is) add({ label: "not null", kind: "operator", detail: operatorInfo("notNull")!.summary, rank: RANK.get("notNull")! });
        else add({ label: "not", kind: "keyword", detail: KEYWORD_DETAIL.not });
        return;
      case And:
        if (this.inBetween()) add({ label: "and", kind: "keyword", detail: "the upper bound follows" });
        else add({ label: "and", kind: "keyword", detail: KEYWORD_DETAIL.and });
        return;
      case Or:
        if (!this.query) add({ label: "or", kind: "keyword", detail: KEYWORD_DETAIL.or });
        return;
      case StringLiteral:
        if (this.valueTypes().has("string")) add({ label: '""', kind: "value", detail: "a string" });
        return;
      case NumberLiteral:
        if (this.valueTypes().has("number")) add({ label: "0", kind: "value", detail: "a number" });
        return;
      case BooleanLiteral:
        if (this.valueTypes().has("boolean")) {
          add({ label: "true", kind: "value", detail: "a boolean" });
          add({ label: "false", kind: "value", detail: "a boolean" });
        }
        return;
      case LParen:
        add({ label: "(", kind: "punctuation" });
        return;
      case RParen:
        add({ label: ")", kind: "punctuation" });
        return;
      case LBracket:
        add({ label: "[", kind: "punctuation" });
        return;
      case RBracket:
        add({ label: "]", kind: "punctuation" });
        return;
      case Comma:
        add({ label: ",", kind: "punctuation" });
        return;
      case TypeName:
        if (this.query) return;
        for (const name of TYPE_NAMES) add({ label: name, kind: "keyword", detail: TYPE_DETAIL[name] });
        return;
    }
  }

  /** Operator items for the token types the grammar allows here, narrowed by mode and attribute type. */
  operators(types: Set<TokenType>, typing: boolean, add: Add): void {
    const subject = this.subject();
    const type = subject === false ? undefined : subject;
    for (const op of OPERATOR_ITEMS) {
      if (!types.has(op.type) || (op.alias && !typing)) continue;
      if (this.sizeBefore(this.before.length) && !SIZE_OPERATORS.has(op.info.name)) continue;
      if (this.query && !op.info.query) continue;
      if (type === "number" && op.info.value === "string") continue;
      if (type === "string" && op.info.value === "number") continue;
      if (type === "boolean" && op.info.value !== "none" && !takesBoolean(op.info.name)) continue;
      add({ label: op.label, kind: "operator", detail: op.info.summary, rank: RANK.get(op.info.name)! });
    }
  }

  private attributes(): Candidate[] {
    if (this.query) {
      const key = this.options?.secondaryKey;
      const out = [{ label: "key", kind: "attribute" as const, detail: "the secondary key", name: "key" }];
      if (typeof key === "string" && key !== "" && key.toLowerCase() !== "key") {
        out.push({ label: quoteName(key), kind: "attribute", detail: "the secondary key", name: key });
      }
      return out;
    }
    const index = this.index();
    if (index === undefined) return [];
    const out: Candidate[] = [];
    for (const [written, resolved] of index.names) {
      const detail = written === resolved.name && resolved.path === undefined ? resolved.type : `alias of ${resolved.path === undefined ? resolved.name : quotePath(resolved.name, resolved.path)}`;
      const item = { label: quoteName(written), kind: "attribute" as const, name: written };
      out.push(detail === undefined ? item : { ...item, detail });
    }
    // The attributes a listed path starts with, whose members complete after a dot.
    for (const { name } of index.pathList) {
      if (!index.names.has(name)) out.push({ label: quoteName(name), kind: "attribute", name, detail: "has members: type a dot" });
    }
    return out;
  }

  private index(): SchemaIndex | undefined {
    return Context.index(this.options);
  }

  static index(options: SuggestOptions | undefined): SchemaIndex | undefined {
    const schema = options?.schema;
    if (schema === undefined) return undefined;
    try {
      return schemaIndex(schema);
    } catch {
      return undefined; // a malformed schema offers no names rather than failing a keystroke
    }
  }

  /** The type the schema gives a name token's attribute (its payload: a name, or a path). */
  private typeOf(written: string | NamePath | undefined): AttributeType | undefined {
    const name = this.query ? (this.options?.secondaryKey ?? written) : written;
    if (name === undefined) return undefined;
    const index = this.index();
    const type = typeof name === "string" ? index?.resolve(name)?.type : index?.resolvePath(name.name, name.path)?.type;
    return type === "string" || type === "number" || type === "boolean" ? type : undefined;
  }

  /**
   * The attribute type of a predicate whose operator comes next: undefined
   * when unknown, false when there is no subject and the mode needs one
   * (a list filter cannot leave its attribute out).
   */
  subject(): AttributeType | undefined | false {
    // A size is a number.
    if (this.sizeBefore(this.before.length)) return "number";
    const last = this.before[this.before.length - 1];
    if (last !== undefined && (last.tokenType === Identifier || last.tokenType === QuotedIdentifier)) {
      return this.typeOf(last.payload as string | NamePath);
    }
    return this.query ? this.typeOf(undefined) : false;
  }

  /** The operator of the operation being written, found by walking back over its values. */
  private operation(): { operator: Operator; index: number } | undefined {
    for (let i = this.before.length - 1; i >= 0; i--) {
      const tok = this.before[i]!;
      if (tok.tokenType === CompareOp) return { operator: tok.payload as Operator, index: i };
      if (tok.tokenType === In) return { operator: "in", index: i };
      if (tok.tokenType === Between) return { operator: "between", index: i };
    }
    return undefined;
  }

  /** The literal types that fit the value being written. */
  valueTypes(): Set<AttributeType> {
    const types = new Set<AttributeType>(["string", "number"]);
    const op = this.operation();
    // A key is never a boolean; a list filter's =, != and in take one.
    if (!this.query && (op === undefined || takesBoolean(op.operator))) types.add("boolean");
    if (op === undefined) return types;
    if (this.sizeBefore(op.index)) return new Set(["number"]);
    const shape = operatorInfo(op.operator)!.value;
    if (shape === "number") types.delete("string");
    if (shape === "string") types.delete("number");
    const subject = this.before[op.index - 1];
    const named = subject !== undefined && (subject.tokenType === Identifier || subject.tokenType === QuotedIdentifier);
    const type = this.typeOf(named ? (subject.payload as string | NamePath) : undefined);
    if (type !== undefined) for (const t of [...types]) if (t !== type) types.delete(t);
    // The upper bound of between has the lower bound's type.
    const lower = this.before[op.index + 1];
    if (op.operator === "between" && lower !== undefined && this.before.length > op.index + 1) {
      const lowerType = lower.tokenType === NumberLiteral ? "number" : "string";
      for (const t of [...types]) if (t !== lowerType) types.delete(t);
    }
    return types;
  }

  /** The cursor follows `between <literal>`, so an `and` here separates the bounds. */
  /** Whether the tokens before `end` end with `size ( name )`. */
  private sizeBefore(end: number): boolean {
    const word = this.before[end - 4];
    const name = this.before[end - 2]?.tokenType;
    return (
      this.before[end - 1]?.tokenType === RParen &&
      (name === Identifier || name === QuotedIdentifier) &&
      this.before[end - 3]?.tokenType === LParen &&
      word?.tokenType === Identifier &&
      word.image.toLowerCase() === "size"
    );
  }

  /** Right after `size (`, where the attribute of size(…) goes. */
  private insideSize(): boolean {
    const n = this.before.length;
    const word = this.before[n - 2];
    return this.before[n - 1]?.tokenType === LParen && word?.tokenType === Identifier && word.image.toLowerCase() === "size";
  }

  inBetween(): boolean {
    const n = this.before.length;
    const literal = this.before[n - 1]?.tokenType;
    return this.before[n - 2]?.tokenType === Between && (literal === StringLiteral || literal === NumberLiteral);
  }

  /** `= null` and `!= null` are the null checks; other comparisons take no null. */
  private nullValue(add: Add): void {
    if (this.query) return;
    const op = this.operation();
    if (op?.operator === "equals") add({ label: "null", kind: "value", detail: operatorInfo("null")!.summary });
    if (op?.operator === "notEquals") add({ label: "null", kind: "value", detail: operatorInfo("notNull")!.summary });
  }
}
