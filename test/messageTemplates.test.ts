import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileList, compileQuery, explainMatch, FilterError, plan, renderTemplate, TEMPLATES, validateListFilter, type Diagnostic, type Words } from "@itemfilter/core";
import { compileDynamo, planDynamo } from "@itemfilter/dynamodb";
import { boundMessage } from "../packages/core/src/messages/messageText.js";
import { propertyRuns } from "./support/propertyRuns.js";

/**
 * Every message is a function of its code and params: each golden diagnostic,
 * and each diagnostic of a sample of broken filters, is rendered from `code`
 * and `params` with the templates of the core README's table (not the
 * library's own), and must equal the library's message. So the README, the
 * params and the messages cannot drift apart.
 */

const readme = readFileSync(fileURLToPath(new URL("../packages/core/README.md", import.meta.url)), "utf8");

/** A table's rows as cells, with the code spans unwrapped and `\|` read as `|`. */
function tableAfter(heading: string): string[][] {
  const from = readme.indexOf(heading);
  if (from < 0) throw new Error(`no table ${heading}`);
  const rows: string[][] = [];
  for (const line of readme.slice(from).split("\n")) {
    if (!line.startsWith("|")) {
      if (rows.length > 0) break;
      continue;
    }
    if (line.startsWith("|---")) continue;
    const cells = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, "|"))
      .map((c) => (c.startsWith("`") && c.endsWith("`") ? c.slice(1, -1) : c));
    rows.push(cells);
  }
  // The first row is the table's header.
  return rows.slice(1);
}

const templates = new Map(tableAfter("| code | kind | params | message |").map(([code, kind, , text]) => [kind === "" ? code! : `${code} ${kind}`, text!]));
const words: Words = {
  tokens: Object.fromEntries(tableAfter("The names `expected` lists in `E_SYNTAX`").map(([k, v]) => [k!, v!])),
  types: Object.fromEntries(tableAfter("The names `expected`, `given` and `type` hold elsewhere").map(([k, v]) => [k!, v!])),
  or: "or",
  and: "and",
  end: "end of input",
};

function fromReadme(d: Diagnostic): string {
  const params = d.params ?? {};
  const key = typeof params.kind === "string" ? `${d.code} ${params.kind}` : d.code;
  const text = templates.get(key);
  if (text === undefined) throw new Error(`the README has no template for ${key}`);
  return boundMessage(renderTemplate(text, params, words));
}

function diagnosticsOf(run: () => unknown): readonly Diagnostic[] {
  try {
    run();
  } catch (error) {
    if (error instanceof FilterError) return error.diagnostics;
    throw error;
  }
  return [];
}

interface GoldenCase {
  input: string;
  mode?: string;
  item?: unknown;
  options?: Record<string, unknown>;
  error?: unknown;
}

function goldenCases(dir: string, run: (c: GoldenCase) => unknown): { name: string; run: () => unknown }[] {
  const path = fileURLToPath(new URL(dir, import.meta.url));
  return readdirSync(path)
    .filter((f) => f.endsWith(".json"))
    .flatMap((file) => (JSON.parse(readFileSync(path + file, "utf8")) as { cases: GoldenCase[] }).cases.map((c) => ({ file, c })))
    .filter(({ c }) => c.error !== undefined)
    .map(({ file, c }) => ({ name: `${file}: ${JSON.stringify(c.input.slice(0, 60))}`, run: () => run(c) }));
}

const core = goldenCases("./golden/", (c) => {
  if (c.mode === "plan") return plan(c.input, c.options);
  if (c.mode === "why") return explainMatch(c.input, c.item, c.options);
  return c.mode === "query" ? compileQuery(c.input, c.options) : compileList(c.input, c.options);
});
const dynamo = goldenCases("../packages/dynamodb/test/golden/", (c) => (c.mode === "plan" ? planDynamo(c.input, c.options) : compileDynamo(c.input, c.options)));

describe("messages rendered from code and params with the README's templates", () => {
  it("lists exactly the library's templates", () => {
    expect([...templates.keys()].sort()).toEqual(Object.keys(TEMPLATES).sort());
    for (const [key, text] of templates) expect(text, key).toBe(TEMPLATES[key]!.text);
  });

  it.each([...core, ...dynamo])("$name", ({ run }) => {
    const diagnostics = diagnosticsOf(run);
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) expect(fromReadme(d)).toBe(d.message);
  });

  it("holds for every diagnostic of randomly broken filters", () => {
    const piece = fc.constantFrom(
      "a", "key", "age", "tags", "=", "==", "!=", "<", "<=", ">", ">=", "=>", "=<", "&", "|", "&&", "||", "and", "or", "not", "(", ")", "[", "]", ",",
      "in", "between", "is", "null", "notNull", "contains", "beginsWith", "begins_with", "1", "-", "0x1F", "1_0", ".5", "01", "1.", "1e", "1e400",
      '"x"', '"', "'y", "`n`", "``", '"\\q"', '"\\u12"', "\u201cx\u201d", "\u2018", "$", "$p", "true", "NaN", "#", "\u0007", "lessthan", "1.5",
    );
    const schema = { attributes: { age: { type: "number" as const }, a: { type: "string" as const }, tags: { array: true } } };
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.constantFrom("list", "query", "schema", "json", "dynamo"), (pieces, mode) => {
        const text = pieces.join(" ");
        const run =
          mode === "list" ? () => compileList(text, { params: { p: "s" } })
          : mode === "query" ? () => compileQuery(text, { secondaryKey: "ts" })
          : mode === "schema" ? () => compileList(text, { schema })
          : mode === "dynamo" ? () => compileDynamo(text)
          : () => validateListFilter({ item: pieces[0], operator: pieces[1], value: pieces.length > 2 ? pieces.slice(2) : pieces[2] });
        for (const d of diagnosticsOf(run)) expect(fromReadme(d)).toBe(d.message);
      }),
      { numRuns: propertyRuns(400), seed: 36 },
    );
  });
});

/** A German fixture: a few templates and words, keyed as the README keys them. */
const GERMAN: Record<string, string> = {
  "E_SYNTAX expected": "{expected|tokens} erwartet[ nach '{after}'], gefunden: {found|found}[; meinten Sie '{suggestion}'?]",
  "E_ATTRIBUTE_TYPE textOperator": "'{written}' prüft Text, aber '{name}' ist eine Zahl; vergleichen Sie es mit {expected|operators}",
  E_UNKNOWN_ATTRIBUTE: "unbekanntes Attribut '{name}'[; meinten Sie {suggestions|or}?]",
};
const GERMAN_WORDS: Words = {
  tokens: { value: "ein Wert", list: "eine Liste von Werten", and: "'and'", or: "'or'", end: "Ende der Eingabe", operator: "ein Operator" },
  types: {},
  or: "oder",
  and: "und",
  end: "Ende der Eingabe",
};

describe("a message in a second language, from code and params", () => {
  const german = (run: () => unknown): string => {
    const d = diagnosticsOf(run)[0]!;
    return renderTemplate(GERMAN[typeof d.params?.kind === "string" ? `${d.code} ${d.params.kind}` : d.code]!, d.params ?? {}, GERMAN_WORDS);
  };
  const schema = { attributes: { name: { type: "string" as const }, age: { type: "number" as const } } };

  it.each([
    ["name >", undefined, "ein Wert erwartet nach '>', gefunden: Ende der Eingabe"],
    ['name = "a" b', undefined, "'and', 'or' oder Ende der Eingabe erwartet nach '\"a\"', gefunden: 'b'"],
    ['age contains "b"', schema, "'contains' prüft Text, aber 'age' ist eine Zahl; vergleichen Sie es mit '=', '<', '<=', '>', '>=' oder 'between'"],
    ["agee = 1", schema, "unbekanntes Attribut 'agee'; meinten Sie 'age'?"],
  ])("%s", (text, s, message) => {
    expect(german(() => compileList(text, s === undefined ? undefined : { schema: s }))).toBe(message);
  });
});
