import { describe, expect, it } from "vitest";
import { compileList, evaluate, explainMatch, format, FilterError, parse, plan, suggest, tokenize, validateListFilter } from "../src/index.js";
import type { Schema } from "../src/index.js";

/** fold(…) and a schema's caseInsensitive and folded (issue 43): the parts the golden cases and property tests do not pin. */

const schema = { attributes: { name: { type: "string", caseInsensitive: true, folded: "nameFolded", aliases: ["n"] }, city: { caseInsensitive: true } } } satisfies Schema;

function firstDiagnostic(run: () => unknown): { code: string; kind: unknown; span: [number, number] } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const d = error.diagnostics[0]!;
    return { code: d.code, kind: d.params?.kind, span: [d.span.start.offset, d.span.end.offset] };
  }
  throw new Error("no error");
}

describe("fold(…) in the text", () => {
  it.each([
    ['fold(name) contains "Smith"', 'fold(name) contains "Smith"'],
    ['FOLD(name) = "a" and fold = 1', 'fold(name) = "a" and fold = 1'],
    ["fold(`first name`) in ('A', $x)", 'fold(`first name`) in ("A", $x)'],
    ['not (fold(a.b[0]) beginsWith "X")', 'not fold(a.b[0]) beginsWith "X"'],
  ])("parses %j and formats it as %j", (text, formatted) => {
    expect(format(parse(text))).toBe(formatted);
  });

  it("marks the predicate fold, its span from the word fold", () => {
    const body = parse('x = 1 and fold(name) >= "b"').body as { operands: { fold?: true; span: { start: { offset: number } } }[] };
    expect([body.operands[0]!.fold, body.operands[1]!.fold, body.operands[1]!.span.start.offset]).toEqual([undefined, true, 10]);
  });

  it.each([
    ["fold(name) is null", "foldOperator", [11, 18]],
    ["fold(name) is not list", "foldOperator", [11, 22]],
    ["fold(name) = 3", "foldValue", [13, 14]],
    ["fold(name) = true", "foldValue", [13, 17]],
    ["fold(name) = null", "foldValue", [13, 17]],
    ['fold(name) between "a" and 2', "foldValue", [27, 28]],
  ])("refuses %j (E_VALUE_TYPE %s)", (text, kind, span) => {
    expect(firstDiagnostic(() => parse(text))).toEqual({ code: "E_VALUE_TYPE", kind, span });
  });

  it("refuses a parameter that is not a string, at the parameter, never showing its value", () => {
    const d = firstDiagnostic(() => compileList("fold(name) = $x", { params: { x: 12 } }));
    expect(d).toEqual({ code: "E_VALUE_TYPE", kind: "foldValue", span: [13, 15] });
    let message = "";
    try {
      evaluate("fold(name) = $x", {}, { params: { x: 12 } });
    } catch (error) {
      message = (error as FilterError).message;
    }
    expect(message).not.toContain("12");
  });

  it("orders between's bounds as they fold", () => {
    expect(evaluate('fold(n) between "a" and "B"', { n: "A" })).toBe(true);
    expect(plan('fold(n) between "a" and "B"').requests[0]!.residual).toBe('fold(n) between "a" and "B"');
    expect(firstDiagnostic(() => plan('fold(n) between "b" and "A"'))).toEqual({ code: "E_BETWEEN_BOUNDS", kind: "order", span: [16, 27] });
  });

  it.each([
    ["fold(n) != \"x\"", { n: 3 }, true],
    ["fold(n) notContains \"x\"", { n: 3 }, false],
    ["fold(n) = \"3\"", { n: 3 }, false],
    ["fold(n) contains \"BETA\"", { n: ["Beta", 1] }, true],
    ["fold(n) = \"ǆ\"", { n: "ǅ" }, true],
    ["fold(n) = \"i̇\"", { n: "İ" }, true],
    ["fold(n) = \"i\"", { n: "İ" }, false],
  ] as const)("%s on %j is %s", (text, item, answer) => {
    expect(evaluate(text, item)).toBe(answer);
  });
});

describe("trees", () => {
  const node = (extra: Record<string, unknown>) => ({ type: "Predicate", attribute: { type: "Attribute", name: "a" }, operator: "equals", value: { type: "String", value: "X" }, ...extra });
  it("takes fold: true, and refuses anything else or fold with an operator it does not take", () => {
    expect(evaluate(node({ fold: true }) as never, { a: "x" })).toBe(true);
    expect(firstDiagnostic(() => evaluate(node({ fold: 1 }) as never, {})).kind).toBe("fold");
    expect(firstDiagnostic(() => evaluate(node({ fold: true, size: true, value: { type: "Number", value: 1 } }) as never, {})).kind).toBe("fold");
    expect(firstDiagnostic(() => evaluate({ ...node({ fold: true }), operator: "null", value: undefined } as never, {})).kind).toBe("foldOperator");
  });
});

describe("a schema's caseInsensitive and folded", () => {
  it.each([
    [{ name: { type: "number", caseInsensitive: true } }, '"name" is caseInsensitive, so its type is "string" or absent'],
    [{ name: { caseInsensitive: "yes" } }, "'caseInsensitive' of \"name\" is a boolean or absent"],
    [{ name: { folded: "nameFolded" } }, "'folded' of \"name\" is read only with caseInsensitive: true"],
    [{ name: { caseInsensitive: true, folded: "" } }, "'folded' of \"name\" names the attribute holding foldCase of it"],
    [{ name: { caseInsensitive: true, folded: "name" } }, "'folded' of \"name\" names another attribute"],
    [{ name: { caseInsensitive: true, folded: "f" }, f: { type: "number" } }, '"name" is folded into "f", so that attribute\'s type is "string" or absent'],
  ])("refuses %j with a TypeError", (attributes, words) => {
    expect(() => compileList("a = 1", { schema: { attributes } as never })).toThrow(TypeError);
    expect(() => compileList("a = 1", { schema: { attributes } as never })).toThrow(words);
  });

  it("validates filter JSON compiled onto the copy against the same schema", () => {
    const compiled = compileList('n = "ABC"', { schema });
    expect(compiled).toEqual([{ item: "nameFolded", operator: "equals", value: "abc" }]);
    expect(validateListFilter(compiled, { schema })).toEqual(compiled);
  });

  it("leaves filter JSON as it is: it is what the service runs, exactly", () => {
    const json = [{ item: "name", operator: "equals", value: "X" }];
    expect(validateListFilter(json, { schema })).toEqual(json);
  });

  it("sends a parameter's value folded once bound, whether parsed first or not", () => {
    const parsed = parse("name = $x", { schema });
    expect(format(parsed)).toBe("fold(name) = $x");
    expect(compileList(parsed, { schema, params: { x: "MÜLLER" } })).toEqual([{ item: "nameFolded", operator: "equals", value: "müller" }]);
    expect(firstDiagnostic(() => compileList(parsed, { params: { x: "MÜLLER" } }))).toEqual({ code: "E_VALUE_TYPE", kind: "foldService", span: [0, 9] });
  });

  it("leaves null tests, sizes and number values on the attribute itself", () => {
    expect(compileList("name is not null", { schema })).toEqual([{ item: "name", operator: "notNull" }]);
    expect(plan("size(name) > 2", { schema }).requests[0]!.residual).toBe("size(name) > 2");
  });

  it("explains the folded comparison without a copy", () => {
    const e = explainMatch('city = "OSLO"', { city: "Oslo" }, { schema });
    expect(e.predicates[0]).toMatchObject({ fold: true, value: "oslo", actual: "Oslo", folded: "oslo", reason: 'fold(city) is "oslo"' });
  });
});

describe("highlighting and completion", () => {
  it("marks fold( as a keyword and fold elsewhere as a name", () => {
    expect(tokenize("fold(a) = 'x' and fold = 1").map((t) => t.kind)).toEqual(["keyword", "punctuation", "attribute", "punctuation", "operator", "string", "keyword", "attribute", "operator", "number"]);
  });

  it.each([
    ["", ["size(", "fold(", "not", "("]],
    ["fo", ["fold("]],
    ["fold(", []],
    ["fold(a) ", ["=", "!=", "contains", "notContains", "beginsWith", "in", "between"]],
    ["fold(a) = ", ['""']],
  ])("after %j offers %j", (text, labels) => {
    expect(suggest(text, text.length).items.map((i) => i.label)).toEqual(labels);
  });

  it("says a caseInsensitive attribute takes any letter case, and offers no unlisted copy", () => {
    expect(suggest("", 0, { schema }).items.filter((i) => i.kind === "attribute")).toEqual([
      { label: "name", kind: "attribute", detail: "string, any letter case" },
      { label: "n", kind: "attribute", detail: "alias of name" },
      { label: "city", kind: "attribute", detail: "string, any letter case" },
    ]);
  });
});
