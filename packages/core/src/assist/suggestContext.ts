import type { TokenType } from "chevrotain";
import { CANONICAL_OPERATOR } from "../print/format.js";
import { type Token } from "../scan/lexer.js";
// The rows with their descriptions, which suggestions show.
import { OPERATOR_REFERENCE as OPERATORS, operatorReference as operatorInfo, type Operator, type OperatorInfo } from "../values/operators.js";
import { quoteName, quotePath } from "../scan/quote.js";
import type { NamePath } from "../scan/readNamePath.js";
import { schemaIndex, type AttributeType, type SchemaIndex } from "../schema/schema.js";
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
import { FOLD_OPERATORS } from "../syntax/foldProblems.js";import type { Suggestion, SuggestOptions } from "./suggest.js";

// The reading of the tokens before the cursor that suggest() (suggest.ts) turns into items.

const FOLD_DETAIL = "fold(a): a's text with letter case ignored (Unicode case folding); compare it with a string";
const SIZE_DETAIL = "size(a): a string's length, a list's, set's or map's elements; compare it with a number";

/** What each type test matches, for content assist. */
const TYPE_DETAIL: Record<TypeWord, string> = {
  string: "a string (DynamoDB's S)",
  number: "a number (N)",
  boolean: "true or false (BOOL)",
  list: "a list (L)",
  set: "a set of strings, numbers or binaries (SS, NS, BS)",
  map: "a map (M)",
  binary: "binary data (B)",
};

/** A written operator offered after an attribute. Aliases are word spellings shown only once a word is being typed. */
interface OperatorItem {
  label: string;
  type: TokenType;
  info: OperatorInfo;
  alias: boolean;
}

const OPERATOR_TOKEN: Partial<Record<Operator, TokenType>> = { in: In, between: Between, null: Is, notNull: Is };

/*
 * Tables built by calls marked pure: the core ships as a few modules
 * (scripts/bundle.mjs), so an app that never suggests still has this module's
 * top level in a file it imports, and a bundler keeps any top-level call it
 * cannot prove free of effects, with everything that call reads (here the
 * operators' descriptions): figure 6b of packages/bench.
 */
const OPERATOR_ITEMS: OperatorItem[] = /* @__PURE__ */ operatorItems();

function operatorItems(): OperatorItem[] {
  return OPERATORS.flatMap((info) => {
    const canonical = CANONICAL_OPERATOR[info.name];
    const items: OperatorItem[] = [{ label: canonical, type: OPERATOR_TOKEN[info.name] ?? CompareOp, info, alias: false }];
    for (const word of info.words) {
      if (word === canonical) continue;
      const type = info.name === "null" ? Null : info.name === "notNull" ? NotNull : CompareOp;
      items.push({ label: word, type, info, alias: true });
    }
    return items;
  });
}

/** An item while it is being collected: `name` is an attribute's unquoted name (matched too), `rank` orders operators as the table does. */
export type Candidate = Suggestion & { name?: string; rank?: number };
export type Add = (item: Candidate) => void;

const RANK: ReadonlyMap<Operator, number> = /* @__PURE__ */ operatorRanks();

function operatorRanks(): ReadonlyMap<Operator, number> {
  return new Map(OPERATORS.map((op, i) => [op.name, i]));
}

const KEYWORD_DETAIL = { and: "both conditions hold", or: "either condition holds", not: "the condition does not hold" };

/** What the tokens before the cursor say about the predicate being written. */
export class SuggestContext {
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
        // DynamoDB's size() and fold() where a condition starts: not inside a function's own parentheses, nor in a key query.
        if (!this.query && !this.insideSize()) {
          add({ label: "size(", kind: "keyword", detail: SIZE_DETAIL });
          add({ label: "fold(", kind: "keyword", detail: FOLD_DETAIL });
        }
        return;
      case CompareOp:
      case In:
      case Between:
      case NotNull:
      case Is:
        if (this.subject() !== false) operatorTypes.add(type);
        return;
      case Null:
        // A size compares with numbers and fold(…) with strings, never with null.
        if (prev === CompareOp) {
          if (this.functionBefore(this.before.length - 1) === undefined) this.nullValue(add);
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
      const fn = this.functionBefore(this.before.length);
      if (fn === "size" && !SIZE_OPERATORS.has(op.info.name)) continue;
      if (fn === "fold" && !FOLD_OPERATORS.has(op.info.name)) continue;
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
      // A folded copy the schema does not list is the app's, not a name to offer.
      if (resolved.foldedCopy === true && !Object.hasOwn(index.schema.attributes, written)) continue;
      const own = written === resolved.name && resolved.path === undefined;
      const detail = own ? (resolved.caseInsensitive === true ? `${resolved.type ?? "string"}, any letter case` : resolved.type) : `alias of ${resolved.path === undefined ? resolved.name : quotePath(resolved.name, resolved.path)}`;
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
    return SuggestContext.index(this.options);
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
    // A size is a number, and fold(…) text.
    const fn = this.functionBefore(this.before.length);
    if (fn !== undefined) return fn === "size" ? "number" : "string";
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
    const fn = this.functionBefore(op.index);
    if (fn !== undefined) return new Set([fn === "size" ? "number" : "string"]);
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
  /** The function when the tokens before `end` end with `size ( name )` or `fold ( name )`. */
  private functionBefore(end: number): "size" | "fold" | undefined {
    const word = this.before[end - 4];
    const name = this.before[end - 2]?.tokenType;
    const fits = this.before[end - 1]?.tokenType === RParen && (name === Identifier || name === QuotedIdentifier) && this.before[end - 3]?.tokenType === LParen && word?.tokenType === Identifier;
    return fits ? functionWord(word.image) : undefined;
  }

  /** Right after `size (` or `fold (`, where the function's attribute goes. */
  private insideSize(): boolean {
    const n = this.before.length;
    const word = this.before[n - 2];
    return this.before[n - 1]?.tokenType === LParen && word?.tokenType === Identifier && functionWord(word.image) !== undefined;
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

function functionWord(image: string): "size" | "fold" | undefined {
  const word = image.toLowerCase();
  return word === "size" || word === "fold" ? word : undefined;
}
