import { describe, expect, it } from "vitest";
import { compileList, compileQuery, evaluate, FilterError, format, inferSchema, parse, plan, suggest, tokenize, type FilterNode } from "@itemfilter/core";
import { lex } from "../src/scan/lexer.js";

/** The first diagnostic of what `run` throws, as code, span offsets, params and hint. */
function refusal(run: () => unknown): { code: string; span: [number, number]; params: unknown; hint?: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    const d = (error as FilterError).diagnostics[0]!;
    return { code: d.code, span: [d.span.start.offset, d.span.end.offset], params: d.params, ...(d.hint === undefined ? {} : { hint: d.hint }) };
  }
  throw new Error("expected a FilterError");
}

const LIST_HINT = "the service's ListFilter takes strings and numbers; find (or plan) runs this condition and checks it locally, and compileDynamo sends it as a BOOL";
const OPERATOR_HINT = "true and false are DynamoDB BOOL values, which are equal or not and never ordered or searched; compare them with =, != or in";

describe("booleans: true and false are values", () => {
  it("scans true and false in any case as boolean literals, and a name in backticks as a name", () => {
    const kinds = (s: string) => lex(s).tokens.map((t) => [t.tokenType.name, t.payload]);
    expect(kinds("TRUE False truey `true`")).toEqual([
      ["BooleanLiteral", true],
      ["BooleanLiteral", false],
      ["Identifier", "truey"],
      ["QuotedIdentifier", "true"],
    ]);
  });

  it("parses a Boolean node with its span", () => {
    const body = parse("active = true").body as FilterNode & { type: "Predicate" };
    expect(body.value).toEqual({ type: "Boolean", value: true, span: { start: { offset: 9, line: 1, column: 10 }, end: { offset: 13, line: 1, column: 14 } } });
  });

  it.each([
    ["ACTIVE = TRUE", "ACTIVE = true"],
    ["active <> False", "active != false"],
    ["flag in [true, 1, 'x']", 'flag in [true, 1, "x"]'],
    ["not (flag == false)", "not flag = false"],
    ["`true` = true and `FALSE` != false", "`true` = true and `FALSE` != false"],
  ])("formats %s as %s, which parses to the same tree", (source, canonical) => {
    expect(format(source)).toBe(canonical);
    expect(format(canonical)).toBe(canonical);
    expect(format(parse(canonical))).toBe(canonical);
  });

  it.each<[string, unknown, boolean]>([
    ["a = true", { a: true }, true],
    ["a = true", { a: false }, false],
    ["a = true", { a: "true" }, false],
    ["a = true", { a: 1 }, false],
    ["a = true", { a: [true] }, false],
    ["a = true", {}, false],
    ["a = true", { a: null }, false],
    ["a != true", { a: false }, true],
    ["a != true", {}, true],
    ["a != true", { a: null }, true],
    ["a != true", { a: true }, false],
    ["a != false", { a: 0 }, true],
    ["a in (true, 1)", { a: 1 }, true],
    ["a in (true, 1)", { a: true }, true],
    ["a in (false)", { a: true }, false],
    ["not a in (false)", { a: "false" }, true],
    ["a is not null", { a: false }, true],
    ["a is null", { a: false }, false],
  ])("evaluate(%s, %j) is %s", (filter, item, expected) => {
    expect(evaluate(filter, item)).toBe(expected);
  });

  it.each<[string, [number, number], string]>([
    ["active = true", [9, 13], "="],
    ["active != false", [10, 15], "!="],
    ["flag in (1, true)", [12, 16], "in"],
    ["a = 1 and not (b equals false)", [24, 29], "equals"],
    ["a = 1 or a = true", [13, 17], "="],
  ])("compileList refuses %s at the boolean, with find in the hint", (filter, span, written) => {
    const r = refusal(() => compileList(filter));
    expect(r).toMatchObject({ code: "E_VALUE_TYPE", span, hint: LIST_HINT });
    expect(r.params).toMatchObject({ kind: "booleanList", written });
  });

  it("plan keeps a boolean condition in the residual and sends the rest", () => {
    expect(plan("active = true and age > 3").requests).toEqual([
      { operation: "listItems", filter: [{ item: "age", operator: "greaterThan", value: 3 }], residual: "active = true" },
    ]);
    expect(plan("not (flag in (true, 1))").requests).toEqual([{ operation: "listItems", filter: [], residual: "not flag in (true, 1)" }]);
  });

  it.each<[string, [number, number], string]>([
    ["a < true", [4, 8], "<"],
    ["a greaterEqual false", [15, 20], "greaterEqual"],
    ["a between 1 and true", [16, 20], "between"],
    ["a contains TRUE", [11, 15], "contains"],
    ["a notContains false", [14, 19], "notContains"],
    ["a beginsWith true", [13, 17], "beginsWith"],
  ])("refuses %s when parsing, at the boolean", (filter, span, written) => {
    for (const run of [() => parse(filter), () => evaluate(filter, {}), () => plan(filter)]) {
      const r = refusal(run);
      expect(r).toMatchObject({ code: "E_VALUE_TYPE", span, hint: OPERATOR_HINT });
      expect(r.params).toMatchObject({ kind: "boolean", written });
    }
  });

  it("refuses a boolean on a hand-built tree where the operator cannot take one", () => {
    const tree = { type: "Predicate", attribute: { type: "Attribute", name: "a" }, operator: "lessThan", value: { type: "Boolean", value: true } };
    expect(refusal(() => plan(tree as never))).toMatchObject({ code: "E_VALUE_TYPE", params: { kind: "boolean", operator: "lessThan", written: "<" } });
    expect(format(tree as never)).toBe("a < true");
  });

  it("binds a boolean parameter as a boolean literal, and refuses it where a boolean literal is refused", () => {
    expect(evaluate("a = $on", { a: true }, { params: { on: true } })).toBe(true);
    expect(evaluate("a in $on", { a: false }, { params: { on: [1, false] } })).toBe(true);
    expect(format(parse("a = $on", { params: { on: false } }))).toBe("a = false");
    expect(refusal(() => evaluate("a < $on", {}, { params: { on: true } }))).toMatchObject({ code: "E_VALUE_TYPE", span: [4, 7], params: { kind: "boolean" } });
  });

  it("compileQuery refuses a boolean key value", () => {
    expect(refusal(() => compileQuery("key = false"))).toMatchObject({ code: "E_VALUE_TYPE", span: [6, 11], params: { kind: "booleanKey" } });
  });

  it.each<[string, [number, number], string]>([
    ["true = 1", [0, 4], "`true`"],
    ["a = 1 and False = 2", [10, 15], "`False`"],
  ])("%s: an attribute named like a boolean gets a backticks fix", (filter, span, replacement) => {
    try {
      parse(filter);
      expect.unreachable();
    } catch (error) {
      const d = (error as FilterError).diagnostics[0]!;
      expect([d.code, d.span.start.offset, d.span.end.offset, d.params?.kind]).toEqual(["E_SYNTAX", ...span, "booleanName"]);
      expect(d.fixes?.map((f) => f.replacement)).toEqual([replacement]);
      expect(format(filter.slice(0, span[0]) + replacement + filter.slice(span[1]))).toContain(replacement);
    }
  });
});

describe("booleans in the schema, content assist and highlighting", () => {
  const schema = { attributes: { active: { type: "boolean" as const }, name: { type: "string" as const } } };

  it.each<[string, string, [number, number], Record<string, unknown>, string[]]>([
    ["active < 1", "booleanOperator", [7, 8], { written: "<", name: "active", expected: ["equals", "notEquals", "in"] }, []],
    ["active = 1", "booleanValue", [9, 10], { name: "active", value: 1, suggestion: "true" }, ["true"]],
    ["active in ('false', 'no')", "booleanValue", [11, 18], { name: "active", value: "false", suggestion: "false" }, ["false"]],
    ["name = true", "notBoolean", [7, 11], { name: "name", type: "string", value: true }, []],
  ])("a schema type refuses %s (%s)", (filter, kind, span, params, fixes) => {
    try {
      compileList(filter, { schema });
      expect.unreachable();
    } catch (error) {
      const d = (error as FilterError).diagnostics[0]!;
      expect([d.code, d.span.start.offset, d.span.end.offset]).toEqual(["E_ATTRIBUTE_TYPE", ...span]);
      expect(d.params).toMatchObject({ kind, ...params });
      expect((d.fixes ?? []).map((f) => f.replacement)).toEqual(fixes);
    }
  });

  it("a boolean attribute takes = true, != false and in under a schema (and plan runs them)", () => {
    expect(plan("active = true and active != false and active in (true)", { schema }).requests[0]!.residual).toBe("active = true and active != false and active in (true)");
  });

  it("inferSchema types an attribute that holds only booleans", () => {
    expect(inferSchema([{ a: true }, { a: false, b: true }, { b: "x" }]).attributes).toMatchObject({ a: { type: "boolean" }, b: {} });
  });

  it.each<[string, string[]]>([
    ["active = ", ["true", "false"]],
    ["active in (1, ", ["true", "false"]],
    ["active = t", ["true"]],
    ["x < ", []],
    ["x between ", []],
  ])("suggest after %j offers booleans %j", (text, booleans) => {
    const labels = suggest(text, text.length, { schema: { attributes: {}, allowUnknown: true } }).items.map((i) => i.label);
    expect(labels.filter((l) => l === "true" || l === "false")).toEqual(booleans);
  });

  it("suggest offers only the operators a boolean attribute takes", () => {
    const labels = suggest("active ", 7, { schema }).items.map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(["=", "!=", "in", "is null", "is not null"]));
    for (const op of ["<", "between", "contains", "beginsWith"]) expect(labels).not.toContain(op);
  });

  it("tokenize classes true and false as booleans, and `true` as an attribute", () => {
    expect(tokenize("`true` = TRUE").map((t) => [t.kind, t.text])).toEqual([
      ["attribute", "`true`"],
      ["operator", "="],
      ["boolean", "TRUE"],
    ]);
  });
});
