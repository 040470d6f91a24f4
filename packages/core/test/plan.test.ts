import { describe, expect, it } from "vitest";
import { compileList, evaluate, FilterError, format, matches, parse, plan, type Plan, type PlanOptions } from "../src/index.js";
import { codeOf } from "./codeOf.js";

const KEYS = { primary: "id", secondary: "ts" };

describe("plan: options", () => {
  it.each([
    ["options that are a string", "x", "plan: options must be an object such as { keys: { primary: \"id\" } }, not the string \"x\""],
    ["options that are an array", [], "plan: options must be an object such as { keys: { primary: \"id\" } }, not an array (length 0)"],
    ["keys as a string", { keys: "id" }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types, not the string \"id\""],
    ["keys without primary", { keys: {} }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; primary must be a non-empty string, not undefined"],
    ["an empty primary", { keys: { primary: "" } }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; primary must be a non-empty string, not the string \"\""],
    ["a numeric secondary", { keys: { primary: "id", secondary: 1 } }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; secondary must be a non-empty string when given, not a number (1)"],
    ["the same key twice", { keys: { primary: "id", secondary: "id" } }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; primary and secondary must differ, both are \"id\""],
    ["an unknown key member", { keys: { primary: "id", sort: "ts" } }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; unknown member \"sort\""],
    ["types that are a string", { keys: { primary: "id", types: "S" } }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; types must be an object, not the string \"S\""],
    ["a DynamoDB type name", { keys: { primary: "id", types: { primary: "S" } } }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; types.primary must be \"string\" or \"number\", not the string \"S\""],
    ["an unknown types member", { keys: { primary: "id", types: { sort: "number" } } }, "plan: options.keys takes { primary: string, secondary?: string, types?: { primary?, secondary? } }, the stored names of the table's keys and \"string\" or \"number\" for their types; types has an unknown member \"sort\""],
    ["maxRequests 0", { maxRequests: 0 }, "plan: options.maxRequests takes a whole number from 1 to 100 (default 16), not a number (0)"],
    ["maxRequests 1.5", { maxRequests: 1.5 }, "plan: options.maxRequests takes a whole number from 1 to 100 (default 16), not a number (1.5)"],
    ["maxRequests 101", { maxRequests: 101 }, "plan: options.maxRequests takes a whole number from 1 to 100 (default 16), not a number (101)"],
    ["maxRequests NaN", { maxRequests: Number.NaN }, "plan: options.maxRequests takes a whole number from 1 to 100 (default 16), not a number (NaN)"],
    ["maxRequests as text", { maxRequests: "16" }, "plan: options.maxRequests takes a whole number from 1 to 100 (default 16), not the string \"16\""],
  ])("%s is a TypeError", (_name, options, message) => {
    expect(() => plan("a = 1", options as PlanOptions)).toThrow(new TypeError(message));
  });

  it("takes null as no options, as the other functions do", () => {
    expect(plan("a = 1", null as unknown as PlanOptions)).toEqual(plan("a = 1"));
  });

  it("takes maxRequests from 1 to 100", () => {
    expect(plan("a = 1 or b = 1", { maxRequests: 100 }).requests).toHaveLength(2);
    expect(codeOf(() => plan("a = 1 or b = 1", { maxRequests: 1 }))).toBe("E_PLAN_TOO_LARGE");
  });

  it("checks options before the filter, so a bad option is reported even for bad text", () => {
    expect(() => plan("a =", { maxRequests: 0 })).toThrow(TypeError);
  });
});

describe("plan: input", () => {
  it("plans text, a FilterDocument and a bare node alike", () => {
    const source = 'age < 18 or plan = "pro"';
    const expected = plan(source);
    expect(plan(parse(source))).toEqual(expected);
    expect(plan(parse(source).body!)).toEqual(expected);
  });

  it("resolves schema aliases to stored names, in the requests and the residual", () => {
    const schema = { attributes: { id: { aliases: ["userId"] }, ts: { type: "number" as const, aliases: ["time"] }, age: { type: "number" as const, aliases: ["years"] } } };
    expect(plan('userId = "u1" and time > 3 and not (years < 18)', { schema, keys: KEYS })).toEqual({
      filter: 'id = "u1" and ts > 3 and not age < 18',
      requests: [{ operation: "queryItems", key: { primary: "u1" }, filter: { operator: "greaterThan", value: 3 }, residual: "not age < 18" }],
      combine: "union",
    });
    expect(codeOf(() => plan("agee < 1", { schema }))).toBe("E_UNKNOWN_ATTRIBUTE");
    expect(codeOf(() => plan('years = "x"', { schema }))).toBe("E_ATTRIBUTE_TYPE");
  });

  it("reports every bad condition together, with spans in the text", () => {
    let caught: unknown;
    try {
      plan("a contains 3 or not (b contains 3)");
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterError);
    const e = caught as FilterError;
    expect(e.diagnostics.map((d) => [d.code, d.span.start.offset, d.span.end.offset])).toEqual([
      ["E_VALUE_TYPE", 11, 12],
      ["E_VALUE_TYPE", 32, 33],
    ]);
  });

  it("applies the parse limits", () => {
    expect(codeOf(() => plan("a = 1", { maxLength: 3 }))).toBe("E_LIMIT");
    expect(codeOf(() => plan("a in (1, 2, 3)", { maxInValues: 2 }))).toBe("E_LIMIT");
  });

  it("plans past the default limits when they are raised, residuals included", () => {
    const source = "x = 1 and " + Array.from({ length: 300 }, (_, i) => `not (a${i} < 1)`).join(" and ");
    const p = plan(source, { maxPredicates: 301, maxLength: Infinity });
    expect(p.requests).toHaveLength(1);
    expect(p.requests[0]!.residual!.split(" and ")).toHaveLength(300);
  });

  it("turns a tree deeper than the engine's stack into E_LIMIT, not a crash", () => {
    const depth = 20_000;
    const source = "not ".repeat(depth) + "a < 1";
    const outcome = (() => {
      try {
        return plan(source, { maxDepth: depth + 1, maxLength: source.length });
      } catch (error) {
        return error;
      }
    })();
    if (outcome instanceof FilterError) expect(outcome.code).toBe("E_LIMIT");
    else expect((outcome as Plan).requests).toEqual([{ operation: "listItems", filter: [], residual: "a < 1" }]);
  });
});

describe("plan: the shape of a plan", () => {
  const filters = [
    "",
    'a = 1 and b contains "x"',
    'age < 18 or plan = "pro"',
    "not (age < 18)",
    'id = "u001" and ts > 5',
    'a in (1, "x") or not (b between 1 and 2) and c = 3',
    'id in ("a", -0) and ts >= 1 and ts <= 3 and not (x < 1)',
  ];

  it.each(filters)("%j is plain JSON", (source) => {
    const p = plan(source, { keys: KEYS });
    expect(JSON.parse(JSON.stringify(p))).toEqual(p);
    expect(p.combine).toBe("union");
  });

  it.each(filters)("%j: every residual is canonical text", (source) => {
    for (const r of plan(source, { keys: KEYS }).requests) {
      if (r.residual !== null) expect(format(r.residual)).toBe(r.residual);
    }
  });

  it.each([
    "a = 1",
    "a = 1 and a = 1",
    "a = 1 or a = 1",
    "a in [1]",
    'a in ("x")',
    "a in (2, 1, 2)",
    "b = 2 and (a = 1 or a in (2, 3))",
    "not (a = 1 or a = 2) and c is null",
    'not (a in (1, "x"))',
    "not not (x contains \"y\")",
    "a between 1 and 5 and b beginsWith \"q\"",
    "not (a != 1 and a != 2)",
  ])("%s: compileList's filters, as one listItems request with nothing left", (source) => {
    expect(plan(source).requests).toEqual([{ operation: "listItems", filter: compileList(source), residual: null }]);
  });

  it("keeps the filter's canonical text", () => {
    expect(plan("NOT (Age < 18) || plan == 'pro'").filter).toBe('not Age < 18 or plan = "pro"');
  });

  it("writes residuals no deeper than maxDepth allows, so they parse with the caller's limits", () => {
    const source = "x = 1 and (not (a < 1) or b = 1) or x = 1 and y = 1 and (not (c < 1) or d = 1)";
    const p = plan(source, { maxDepth: 3 });
    expect(p.requests).toEqual([{ operation: "listItems", filter: [{ item: "x", operator: "equals", value: 1 }], residual: "not a < 1 or b = 1 or y = 1 and (not c < 1 or d = 1)" }]);
    for (const r of p.requests) if (r.residual !== null) expect(() => parse(r.residual!, { maxDepth: 3 })).not.toThrow();
  });
});

describe("plan: E_PLAN_TOO_LARGE", () => {
  it("points at the disjunction that overflowed and says how to fix it", () => {
    const source = "a1 = 1 or a2 = 1 or a3 = 1";
    let caught: unknown;
    try {
      plan(source, { maxRequests: 2 });
    } catch (error) {
      caught = error;
    }
    const d = (caught as FilterError).diagnostics[0]!;
    expect([d.code, d.span.start.offset, d.span.end.offset, d.message, d.hint, d.params]).toEqual([
      "E_PLAN_TOO_LARGE",
      20,
      26,
      "this filter would take more than 2 requests to run: each alternative joined by 'or' takes a request of its own ('=' and 'in' tests of one attribute share one); use fewer alternatives",
      "raise maxRequests to allow more requests per filter",
      { limit: 2 },
    ]);
  });

  it.each([
    ["beginsWith alternatives, which no 'in' can hold", Array.from({ length: 17 }, (_, i) => `name beginsWith "p${i}"`).join(" or ")],
    ["alternatives on different attributes", Array.from({ length: 17 }, (_, i) => `a${i} = 1`).join(" or ")],
  ])("asks for fewer alternatives, never for an 'in', for %s", (_what, source) => {
    let caught: unknown;
    try {
      plan(source);
    } catch (error) {
      caught = error;
    }
    const d = (caught as FilterError).diagnostics[0]!;
    expect([d.code, d.message]).toEqual([
      "E_PLAN_TOO_LARGE",
      "this filter would take more than 16 requests to run: each alternative joined by 'or' takes a request of its own ('=' and 'in' tests of one attribute share one); use fewer alternatives",
    ]);
    // Alternatives that an 'in' can hold are merged already: 17 of them are one request.
    expect(plan(Array.from({ length: 17 }, (_, i) => `name = "p${i}"`).join(" or ")).requests).toHaveLength(1);
  });

  it("stops expanding early: a filter that would need millions of requests fails at once", () => {
    const groups = Array.from({ length: 24 }, (_, i) => `(a${i} = 1 or b${i} = 1)`);
    expect(codeOf(() => plan(groups.join(" and ")))).toBe("E_PLAN_TOO_LARGE");
  });

  it("merges alternatives on one attribute before counting, up to maxInValues per request", () => {
    const source = Array.from({ length: 150 }, (_, i) => `a = ${i}`).join(" or ");
    const p = plan(source, { maxPredicates: 200 });
    expect(p.requests.map((r) => (r.operation === "listItems" ? (r.filter[0]!.value as number[]).length : 0))).toEqual([100, 50]);
  });
});

describe("plan: every plan selects what evaluate selects", () => {
  // A table of items that tells the rules apart: missing keys, other types, arrays.
  const items: Record<string, unknown>[] = [
    { id: "u1", ts: 1, age: 10, plan: "pro" },
    { id: "u1", ts: 7, age: 30 },
    { id: "u1", age: "old" },
    { id: "u2", ts: "x", plan: "free" },
    { id: "u2", ts: 5, age: null },
    { id: 3, ts: 6, tags: ["a"] },
  ];

  /** The items the plan returns, simulated as the emulator answers each request. */
  function run(p: Plan): Record<string, unknown>[] {
    const out = new Set<Record<string, unknown>>();
    for (const r of p.requests) {
      for (const item of items) {
        const served =
          r.operation === "listItems"
            ? matches(item, r.filter)
            : r.key !== undefined && r.filter === undefined
              ? item.id === r.key.primary
              : item.ts !== undefined && item.ts !== null && (r.key === undefined || item.id === r.key.primary) && (r.filter === undefined || matches(item, r.filter, { secondaryKey: "ts" }));
        if (served && (r.residual === null || evaluate(r.residual, item))) out.add(item);
      }
    }
    return items.filter((item) => out.has(item));
  }

  it.each([
    'age < 18 or plan = "pro"',
    "not (age < 18)",
    'id = "u1" and ts > 5',
    'id = "u1" and ts != 7',
    'id in ("u1", "u2") and ts >= 1 and ts <= 6',
    'id = "u1" or ts = "x"',
    'not (age < 18) and id = "u2" and ts is not null',
    'tags contains "a" or (id = "u2" and not (ts beginsWith "y"))',
    'id = "u1"',
    'id in ("u1", 3) and ts is null',
    'id = "u1" and (ts is not null or age = "old")',
  ])("%s", (source) => {
    const p = plan(source, { keys: KEYS });
    expect(run(p)).toEqual(items.filter((item) => evaluate(source, item)));
  });
});

describe("plan: repeated clauses, shared nodes and the cost of alternatives (issues 17 and 23)", () => {
  it("plans a clause pasted and tweaked, which distributing makes share a node (E_FILTER_JSON before)", () => {
    const p = plan('(plan = "pro" or city = "Oslo") and not (age < 30) and (plan = "pro" or country = "NO")');
    expect(p.requests).toEqual([
      { operation: "listItems", filter: [{ item: "plan", operator: "equals", value: "pro" }], residual: "not age < 30" },
      {
        operation: "listItems",
        filter: [
          { item: "city", operator: "equals", value: "Oslo" },
          { item: "country", operator: "equals", value: "NO" },
        ],
        residual: "not age < 30",
      },
    ]);
  });

  it("refuses a tree from outside that shares a node, at its second occurrence, and plans the same tree copied", () => {
    const shared = parse("a = 1 and b = 2").body!;
    const tree = { type: "Or", operands: [shared, shared] } as never;
    const error = codeOf(() => plan(tree));
    expect(error).toBe("E_FILTER_JSON");
    try {
      plan(tree);
    } catch (e) {
      expect((e as FilterError).diagnostics[0]).toMatchObject({ path: "tree.operands[1]", message: "this node appears twice in the tree (a cycle, or a subtree shared by two parents)" });
    }
    const copied = { type: "Or", operands: [shared, structuredClone(shared)] } as never;
    expect(plan(copied).requests).toEqual([{ operation: "listItems", filter: compileList("a = 1 and b = 2"), residual: null }]);
  });

  it("costs at most maxRequests full-table reads: 16 by default, E_PLAN_TOO_LARGE past it, before any request is built", () => {
    const alternatives = (n: number): string => Array.from({ length: n }, (_, i) => `a${i} = 1`).join(" or ");
    expect(plan(alternatives(16)).requests.filter((r) => r.operation === "listItems")).toHaveLength(16);
    expect(codeOf(() => plan(alternatives(17)))).toBe("E_PLAN_TOO_LARGE");
    expect(codeOf(() => plan(alternatives(3), { maxRequests: 2 }))).toBe("E_PLAN_TOO_LARGE");
    // Alternatives on one attribute do not multiply the reads, however many.
    const bounds = Array.from({ length: 200 }, (_, i) => `age < ${i}`).join(" or ");
    expect(plan(bounds).requests).toEqual([{ operation: "listItems", filter: [{ item: "age", operator: "lessThan", value: 199 }], residual: null }]);
    const pasted = Array.from({ length: 50 }, () => '(plan = "pro" and age >= 30)').join(" or ");
    expect(plan(pasted).requests).toHaveLength(1);
  });
});
