import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  OPERATORS,
  compileList,
  compileQuery,
  decompile,
  format,
  parse,
  quoteName,
  suggest,
  tokenize,
  type FilterNode,
  type LiteralNode,
  type PredicateNode,
} from "@itemfilter/core";
import { listFiltersArb, queryFilterArb, treeArb, withoutSpans } from "./astArbitraries.js";
import { propertyRuns } from "../support/propertyRuns.js";

/**
 * Text round trips: trees survive format and parse, formatting is
 * idempotent, filter JSON survives decompile and compile, and the
 * highlighting and completion functions never throw.
 */
const RUNS = propertyRuns(1000);

/** A writer that spells the same tree differently each time: other operator words, case, quotes, escapes, parentheses. */
function scrambled(node: FilterNode, choices: number[]): string {
  let k = 0;
  const pick = <T>(options: readonly T[]): T => options[choices[k++ % choices.length]! % options.length]!;
  const cased = (word: string): string => pick([word, word.toLowerCase(), word.toUpperCase()]);
  const literal = (l: LiteralNode): string => {
    if (l.type === "Param") return `$${l.name}`;
    if (l.type === "Date") return cased(l.anchor) + (l.offset === undefined ? "" : ` ${l.offset.sign} ${l.offset.amount}${l.offset.unit}`);
    if (l.type === "Boolean") return cased(String(l.value));
    if (l.type === "Number") return Object.is(l.value, -0) ? "-0" : pick([String(l.value), typeof l.value === "number" ? l.value.toExponential() : String(l.value)]);
    const quote = pick(['"', "'"]);
    let out = quote;
    for (const ch of l.value) {
      const c = ch.codePointAt(0)!;
      if (ch === quote || ch === "\\") out += "\\" + ch;
      else if (c < 0x20) out += "\\u" + c.toString(16).padStart(4, "0");
      else if (c > 0xffff || pick([false, false, true])) {
        out += Array.from({ length: ch.length }, (_, i) => "\\u" + ch.charCodeAt(i).toString(16).padStart(4, "0")).join("");
      } else out += ch;
    }
    return out + quote;
  };
  // A member after the dot: bare where it is a word (keywords too), or quoted, which any member may be.
  const step = (s: string | number): string => {
    if (typeof s === "number") return `[${s}]`;
    const quoted = quoteName(s).startsWith("`") ? quoteName(s) : "`" + s + "`";
    return "." + (/^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{M}\p{Nd}_]*$/u.test(s) ? pick([s, quoted]) : quoted);
  };
  const predicate = (p: PredicateNode): string => {
    const subject = p.attribute === null ? "" : quoteName(p.attribute.name) + (p.attribute.path ?? []).map(step).join("") + " ";
    const info = OPERATORS.find((op) => op.name === p.operator)!;
    const v = p.value;
    switch (p.operator) {
      case "null":
        return subject + pick([`${cased("is")} ${cased("null")}`, cased("null"), "= null", "== NULL"]);
      case "notNull":
        return subject + pick([`${cased("is")} ${cased("not")} ${cased("null")}`, cased("notNull"), "!= null", "<> Null"]);
      case "in": {
        const list = (v as LiteralNode[]).map(literal).join(pick([",", " , ", ", "]));
        if (p.brackets === true) return `${subject}${cased("in")} [${list}]`;
        const one = (v as LiteralNode[]).length === 1;
        return `${subject}${cased("in")} ${one ? pick([`(${list})`, list]) : `(${list})`}`;
      }
      case "between": {
        const [a, b] = v as LiteralNode[];
        return `${subject}${cased("between")} ${literal(a!)} ${cased("and")} ${literal(b!)}`;
      }
      default:
        return `${subject}${pick([...info.symbols, ...info.words.map(cased)])} ${literal(v as LiteralNode)}`;
    }
  };
  const write = (n: FilterNode, parenthesise: boolean): string => {
    let text: string;
    switch (n.type) {
      case "Predicate":
        text = predicate(n);
        break;
      case "Not":
        // `!` then a space: without a subject, `!=` would be read as one operator.
        text = `${pick([cased("not") + " ", "! "])}${write(n.operand, n.operand.type === "And" || n.operand.type === "Or")}`;
        break;
      case "And":
        text = n.operands.map((o) => write(o, o.type === "Or")).join(pick([` ${cased("and")} `, " && ", "&&"]));
        break;
      case "Or":
        text = n.operands.map((o) => write(o, false)).join(pick([` ${cased("or")} `, " || ", "||"]));
        break;
    }
    return parenthesise || pick([false, false, false, true]) ? `(${text})` : text;
  };
  return write(node, false);
}

describe("round trips", () => {
  it("compares numbers with Object.is, so -0 is checked", () => {
    expect([-0]).not.toStrictEqual([0]);
  });

  it("parse(format(tree)) is the tree, apart from spans", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        expect(withoutSpans(parse(format(tree)).body)).toStrictEqual(withoutSpans(tree));
      }),
      { numRuns: RUNS },
    );
  });

  it("format is idempotent", () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const text = format(tree);
        expect(format(parse(text))).toBe(text);
        expect(format(text)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it("every spelling of a tree formats to the same canonical text", () => {
    fc.assert(
      fc.property(treeArb, fc.array(fc.nat(), { minLength: 1, maxLength: 50 }), (tree, choices) => {
        const text = scrambled(tree, choices);
        expect(withoutSpans(parse(text).body)).toStrictEqual(withoutSpans(tree));
        expect(format(text)).toBe(format(tree));
      }),
      { numRuns: RUNS },
    );
  });

  it("compileList(decompile(f)) deep-equals f for valid ListFilter arrays", () => {
    fc.assert(
      fc.property(listFiltersArb, (filters) => {
        expect(compileList(decompile(filters))).toStrictEqual(filters);
      }),
      { numRuns: RUNS },
    );
  });

  it("compileList(decompile(f)) is [f] for one ListFilter object", () => {
    fc.assert(
      fc.property(listFiltersArb.filter((f) => f.length > 0), (filters) => {
        expect(compileList(decompile(filters[0]!))).toStrictEqual([filters[0]]);
      }),
      { numRuns: RUNS },
    );
  });

  it("compileQuery(decompile(q)) deep-equals q for valid QueryFilters", () => {
    fc.assert(
      // A key value is never "" (the service refuses it, and so do the validator and compileQuery).
      fc.property(queryFilterArb.filter((q) => !(Array.isArray(q.value) ? q.value.includes("") : q.value === "")), (q) => {
        expect(compileQuery(decompile(q))).toStrictEqual(q);
      }),
      { numRuns: RUNS },
    );
  });
});

const FRAGMENTS = [
  "a", "name", "`x y`", "`", "key", "=", "!=", "<", ">=", "contains", "beginsWith", "in", "between", "is", "not", "null",
  "notNull", "and", "or", "&&", "||", "!", "(", ")", "[", "]", ",", '"s"', "'t'", '"', "'", '"\\u', '"\\ud800"', '"\\q"', "\\",
  "1", "-2.5", "1e400", "0x1F", "-", "\u0000", "\ufeff", "\u202e", "\ud800", "\udc00", "\u{1F600}", "\n", " ", "#", "&", "|",
];
const soup = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(""));
const spacedSoup = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(" "));
const anyText = fc.oneof(soup, spacedSoup, fc.string({ unit: "binary", maxLength: 100 }), fc.string({ unit: "binary-ascii", maxLength: 100 }));

describe("tokenize and suggest on arbitrary text", () => {
  it("tokenize never throws and covers every character that is not white space", () => {
    fc.assert(
      fc.property(anyText, (source) => {
        const tokens = tokenize(source);
        let last = 0;
        for (const t of tokens) {
          expect(t.start).toBeGreaterThanOrEqual(last);
          expect(t.end).toBeGreaterThan(t.start);
          expect(t.text).toBe(source.slice(t.start, t.end));
          expect(source.slice(last, t.start)).toMatch(/^\s*$/);
          last = t.end;
        }
        expect(source.slice(last)).toMatch(/^\s*$/);
      }),
      { numRuns: RUNS },
    );
  });

  it("tokenize agrees with parse: text that parses has no error tokens", () => {
    fc.assert(
      fc.property(fc.oneof(spacedSoup, treeArb.map((t) => format(t))), (source) => {
        let parsed = true;
        try {
          parse(source);
        } catch {
          parsed = false;
        }
        if (parsed) expect(tokenize(source).filter((t) => t.kind === "error")).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  const schema = { attributes: { name: { type: "string" as const, aliases: ["n"] }, age: { type: "number" as const }, "a b": {} } };
  const options = fc.constantFrom(undefined, { schema }, { mode: "query" as const }, { mode: "query" as const, secondaryKey: "age", schema });

  it("suggest never throws, for any text, offset and options", () => {
    fc.assert(
      fc.property(
        anyText,
        fc.oneof(fc.integer({ min: -3, max: 110 }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 0.5)),
        options,
        (source, offset, opts) => {
          const result = suggest(source, offset, opts);
          expect(result.from).toBeGreaterThanOrEqual(0);
          expect(result.from).toBeLessThanOrEqual(result.to);
          expect(result.to).toBeLessThanOrEqual(source.length);
          for (const item of result.items) {
            expect(["attribute", "operator", "keyword", "value", "punctuation"]).toContain(item.kind);
            expect(item.label.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("suggest offers the keyword, operator or punctuation that canonical text has next", () => {
    fc.assert(
      fc.property(treeArb, fc.nat(), (tree, pick) => {
        const text = format(tree);
        const tokens = tokenize(text);
        const candidates = tokens
          .map((t, i) => ({ t, prev: tokens[i - 1] }))
          .filter(({ t, prev }) => {
            if (t.kind !== "keyword" && t.kind !== "operator" && t.kind !== "punctuation") return false;
            // A list filter needs a subject, so an operator opening a predicate is not offered there.
            if (t.kind === "operator" && (prev === undefined || prev.kind === "keyword" || prev.kind === "punctuation")) return false;
            // A word or number right before the cursor is the one being completed, not the one before it.
            return prev === undefined || prev.end < t.start || prev.kind === "punctuation" || prev.kind === "string";
          });
        if (candidates.length === 0) return;
        const { t } = candidates[pick % candidates.length]!;
        const labels = suggest(text, t.start).items.map((item) => item.label.toLowerCase());
        expect(labels.some((label) => label.startsWith(t.text.toLowerCase()))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
