import { describe, expect, it } from "vitest";
import { attributes, compileList, compileQuery, evaluate, FilterError, format, parse, type FilterNode } from "../src/index.js";
import { NO_SPAN } from "../src/messages/location.js";
import { validateTree } from "../src/tree/validateTree.js";
import { DEFAULT_LIMITS } from "../src/values/limits.js";

/** A predicate without spans, as a person builds one by hand. */
const pred = (name: string, operator: string, value?: unknown): Record<string, unknown> => ({
  type: "Predicate",
  attribute: { type: "Attribute", name },
  operator,
  ...(value === undefined ? {} : { value }),
});
const str = (value: string) => ({ type: "String", value });
const num = (value: number) => ({ type: "Number", value });

function failure(run: () => unknown): { code: string; path?: string; message: string } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const d = error.diagnostics[0]!;
    return { code: d.code, path: d.path, message: d.message };
  }
  throw new Error("expected a FilterError");
}

describe("trees from outside are validated before use", () => {
  it("compiles, formats and evaluates a hand-built tree without spans", () => {
    const tree = { type: "And", operands: [pred("a", "in", [str("x"), str("y")]), { type: "Not", operand: pred("b", "equals", num(1)) }] };
    expect(compileList(tree as never)).toEqual([
      { item: "a", operator: "in", value: ["x", "y"] },
      { item: "b", operator: "notEquals", value: 1 },
    ]);
    expect(format(tree as never)).toBe('a in ("x", "y") and not b = 1');
    expect(evaluate(tree as never, { a: "y" })).toBe(true);
    expect(attributes(tree as never)).toEqual(["a", "b"]);
    expect(compileQuery({ type: "Predicate", attribute: null, operator: "beginsWith", value: str("x") } as never)).toEqual({ operator: "beginsWith", value: "x" });
  });

  it("gives missing spans NO_SPAN, so errors about them still render", () => {
    const doc = validateTree(pred("a", "lessThan", str("x")), DEFAULT_LIMITS);
    expect(doc.span).toBe(NO_SPAN);
    expect((doc.body as { operatorSpan: unknown }).operatorSpan).toBe(NO_SPAN);
    expect(failure(() => compileList(pred("a", "lessThan", str("x")) as never)).code).toBe("E_VALUE_TYPE");
  });

  it("returns a copy: changing the input afterwards changes nothing already checked", () => {
    const tree = pred("a", "equals", num(1));
    const doc = validateTree(tree, DEFAULT_LIMITS);
    (tree.attribute as { name: string }).name = "b";
    expect((doc.body as { attribute: { name: string } }).attribute.name).toBe("a");
  });

  it("accepts every tree parse returns, with the limits it was parsed with", () => {
    for (const source of ["not (a = 1 or b = 2) and c in [1]", "(a = 1 or b = 2) and (c = 3 or not d is null)", "k between 1 and 2", '>= 3 and <= "x"']) {
      const doc = parse(source);
      expect(format(doc)).toBe(format(source));
    }
    const deep = "not (".repeat(16) + "a = 1" + ")".repeat(16);
    expect(format(parse(deep))).toBe(format(deep));
    expect(format(parse("(a = 1 or b = 2) and c = 3", { maxDepth: 1 }), { maxDepth: 1 })).toBe("(a = 1 or b = 2) and c = 3");
  });

  it.each([
    ["an unknown operator", pred("a", "like", str("x")), "E_FILTER_JSON", "tree.operator", 'unknown operator "like"'],
    ["the operator constructor", pred("a", "constructor", str("x")), "E_FILTER_JSON", "tree.operator", 'unknown operator "constructor"'],
    ["the operator __proto__", pred("a", "__proto__"), "E_FILTER_JSON", "tree.operator", 'unknown operator "__proto__"'],
    ["a non-string operator", pred("a", 5 as never), "E_FILTER_JSON", "tree.operator", `"operator" is a string, one of 'equals', 'notEquals', 'lessThan', 'lessEqual', 'greaterThan', 'greaterEqual', 'contains', 'notContains', 'beginsWith', 'in', 'between', 'null' or 'notNull', not a number (5)`],
    ["an unknown node type", { type: "And", operands: [{ type: "Xor" }] }, "E_FILTER_JSON", "tree.operands[0]", 'expected a node (Or, And, Not or Predicate), not an object of type "Xor"'],
    ["operands not an array", { type: "Or", operands: "ab" }, "E_FILTER_JSON", "tree.operands", 'an Or node needs an array of operands, not a string ("ab")'],
    ["no operands", { type: "And", operands: [] }, "E_FILTER_JSON", "tree.operands", "an And node needs at least one operand"],
    ["a Not without operand", { type: "Not" }, "E_FILTER_JSON", "tree.operand", "expected a node (Or, And, Not or Predicate), not undefined"],
    ["a hole in operands", { type: "And", operands: [, pred("a", "null")] }, "E_FILTER_JSON", "tree.operands[0]", "expected a node (Or, And, Not or Predicate), not undefined"],
    ["a bad attribute", { ...pred("a", "null"), attribute: "a" }, "E_FILTER_JSON", "tree.attribute", 'expected an Attribute node or null, not a string ("a")'],
    ["an empty name", pred("", "null"), "E_FILTER_JSON", "tree.attribute.name", 'an attribute name is a non-empty string, not a string ("")'],
    ["a lone surrogate in a name", pred("\ud800", "null"), "E_FILTER_JSON", "tree.attribute.name", "this attribute name has a lone surrogate, which is not valid text"],
    ["a value for null", pred("a", "null", str("x")), "E_FILTER_JSON", "tree.value", "'null' takes no value"],
    ["a raw value", pred("a", "equals", 1), "E_FILTER_JSON", "tree.value", "expected a literal (a String, Number or Param node), not a number (1)"],
    ["a list for equals", pred("a", "equals", [num(1)]), "E_FILTER_JSON", "tree.value", "'equals' takes one literal, not an array"],
    ["one bound for between", pred("a", "between", [num(1)]), "E_FILTER_JSON", "tree.value", "'between' takes an array of two literals, not an array"],
    ["an empty in", pred("a", "in", []), "E_FILTER_JSON", "tree.value", "'in' takes at least one value"],
    ["a mistyped literal", pred("a", "equals", { type: "String", value: 1 }), "E_FILTER_JSON", "tree.value", 'expected a literal (a String, Number or Param node), not an object of type "String"'],
    ["NaN", pred("a", "equals", num(Number.NaN)), "E_FILTER_JSON", "tree.value.value", "NaN is not a number here; numbers are finite, as in JSON"],
    ["a lone surrogate in a string", pred("a", "in", [str("x"), str("\udc00")]), "E_FILTER_JSON", "tree.value[1].value", "this string has a lone surrogate, which is not valid text"],
    ["brackets that are not true", { ...pred("a", "in", [num(1)]), brackets: 1 }, "E_FILTER_JSON", "tree.brackets", "brackets is true or absent, not a number (1)"],
    ["a malformed span", { ...pred("a", "null"), span: { start: 0, end: 1 } }, "E_FILTER_JSON", "tree.span", "a span has a start and an end, each an offset, a line and a column (whole numbers, offset from 0, line and column from 1), or is absent"],
    ["a document without a body", { type: "Filter" }, "E_FILTER_JSON", "tree.body", "expected a node (Or, And, Not or Predicate), not undefined"],
    ["too many in values", pred("a", "in", Array.from({ length: 101 }, (_, i) => num(i))), "E_LIMIT", "tree.value", "an in list takes at most 100 values"],
    ["a sparse operand list of length 2^32-1", { type: "And", operands: Object.assign([], { length: 2 ** 32 - 1 }) }, "E_LIMIT", "tree.operands", "this filter has more than 256 conditions"],
  ])("refuses %s", (_, tree, code, path, message) => {
    for (const run of [() => compileList(tree as never), () => format(tree as never), () => evaluate(tree as never, {}), () => attributes(tree as never)]) {
      expect(failure(run)).toEqual({ code, path, message });
    }
  });

  it("puts the option an app can change in the hint, never in the message", () => {
    const err = (run: () => unknown): FilterError => {
      try {
        run();
      } catch (error) {
        return error as FilterError;
      }
      throw new Error("expected a FilterError");
    };
    const many = pred("a", "in", Array.from({ length: 101 }, (_, i) => num(i)));
    expect(err(() => compileList(many as never)).diagnostics[0]).toMatchObject({ hint: "raise maxInValues to accept more", params: { limit: 100 } });
    const unknown = err(() => compileList(pred("a", "like", str("x")) as never)).diagnostics[0]!;
    expect({ hint: unknown.hint, params: unknown.params }).toEqual({ hint: "OPERATORS lists the operator names", params: { kind: "unknownOperator", operator: "like" } });
  });

  it("refuses a cycle, and a subtree shared by two parents", () => {
    const cyclic: { type: string; operands: unknown[] } = { type: "And", operands: [pred("a", "null")] };
    cyclic.operands.push({ type: "Not", operand: cyclic });
    expect(failure(() => attributes(cyclic as never))).toEqual({
      code: "E_FILTER_JSON",
      path: "tree.operands[1].operand",
      message: "this node appears twice in the tree (a cycle, or a subtree shared by two parents)",
    });
    // 60 levels of a shared And would be a tree of 2^60 predicates.
    let shared: unknown = pred("a", "null");
    for (let i = 0; i < 60; i++) shared = { type: "Or", operands: [shared, shared] };
    expect(failure(() => format(shared as never, { maxDepth: Infinity, maxPredicates: Infinity })).message).toBe(
      "this node appears twice in the tree (a cycle, or a subtree shared by two parents)",
    );
    // A predicate object used twice is fine: it is a leaf.
    const p = pred("a", "equals", num(1));
    expect(compileList({ type: "And", operands: [p, p] } as never)).toEqual([
      { item: "a", operator: "equals", value: 1 },
      { item: "a", operator: "equals", value: 1 },
    ]);
  });

  it("counts depth as the groups and negations format would write", () => {
    const or = { type: "Or", operands: [pred("a", "null"), pred("b", "null")] };
    expect(format({ type: "And", operands: [or, pred("c", "null")] } as never, { maxDepth: 1 })).toBe("(a is null or b is null) and c is null");
    expect(failure(() => format({ type: "And", operands: [or, pred("c", "null")] } as never, { maxDepth: 0 }))).toEqual({
      code: "E_LIMIT",
      path: "tree.operands[0]",
      message: "groups and negations nest more than 0 deep",
    });
    expect(format({ type: "Or", operands: [{ type: "And", operands: [pred("a", "null"), pred("b", "null")] }, pred("c", "null")] } as never, { maxDepth: 0 })).toBe(
      "a is null and b is null or c is null",
    );
  });

  it("counts predicates against maxPredicates", () => {
    const tree = { type: "And", operands: Array.from({ length: 3 }, () => pred("a", "null")) };
    expect(failure(() => compileList(tree as never, { maxPredicates: 2 }))).toEqual({ code: "E_LIMIT", path: "tree.operands", message: "this filter has more than 2 conditions" });
    const nested = { type: "And", operands: [pred("a", "null"), { type: "Or", operands: [pred("b", "null"), pred("c", "null")] }] };
    expect(failure(() => compileList(nested as never, { maxPredicates: 2 }))).toEqual({ code: "E_LIMIT", path: "tree.operands[1].operands[1]", message: "this filter has more than 2 conditions" });
  });

  it("walks a tree far deeper than the call stack when limits are raised, and ends in a result or E_LIMIT", () => {
    let node: FilterNode = parse("z = 1").body!;
    for (let i = 0; i < 200_000; i++) node = { type: "Not", operand: node, span: NO_SPAN };
    const raised = { maxDepth: Infinity };
    expect(attributes(node, raised)).toEqual(["z"]);
    for (const run of [() => format(node, raised), () => compileList(node, raised), () => evaluate(node, {}, raised)]) {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(FilterError);
        expect((error as FilterError).code).toBe("E_LIMIT");
      }
    }
  });

  it.each([
    [123, "a number (123)"],
    [{}, "an object without a 'type'"],
    [[], "an array (length 0)"],
    [true, "a boolean (true)"],
    [null, "null"],
    [undefined, "undefined"],
    [{ type: "Attribute", name: "a" }, 'an object of type the string "Attribute"'],
  ])("throws a TypeError, never a match-all, for the non-filter %j", (value, what) => {
    const message = `expected filter text (a string) or a syntax tree (a FilterDocument or FilterNode, as parse returns), not ${what}`;
    for (const run of [() => compileList(value as never), () => compileQuery(value as never), () => format(value as never), () => evaluate(value as never, {}), () => attributes(value as never)]) {
      expect(run).toThrow(new TypeError(message));
    }
  });
});
