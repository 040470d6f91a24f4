import { CompletionContext } from "@codemirror/autocomplete";
import { Compartment, EditorState, type TransactionSpec } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import {
  compileFilter,
  completionSource,
  filterCompletions,
  filterResult,
  highlightDecorations,
  itemfilter,
  lintDiagnostics,
  operatorAt,
  operatorForms,
  resolveOptions,
  tokenTag,
  type EditorSchema,
  type ItemfilterOptions,
} from "@itemfilter/codemirror";
import { OPERATORS, tokenize } from "@itemfilter/core";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const schema: EditorSchema = {
  attributes: {
    age: { type: "number", aliases: ["years"] },
    plan: { type: "string", values: ["free", "pro", "team", 3] },
    name: { type: "string" },
    tags: {},
  },
};

const stateOf = (doc: string, options: ItemfilterOptions = {}): EditorState => EditorState.create({ doc, extensions: itemfilter(options) });

/** The result without the FilterError object, for exact comparison. */
function plain(doc: string, options: ItemfilterOptions = {}): unknown {
  const result = filterResult(stateOf(doc, options));
  if (result.ok) return result;
  return { ok: false, mode: result.mode, diagnostics: result.diagnostics.map((d) => [d.code, d.message, d.span.start.offset, d.span.end.offset]) };
}

describe("compile result", () => {
  it.each([
    ["list", 'years >= 18 and name beginsWith "A"', { schema }, { ok: true, mode: "list", text: 'years >= 18 and name beginsWith "A"', filter: [{ item: "age", operator: "greaterEqual", value: 18 }, { item: "name", operator: "beginsWith", value: "A" }] }],
    ["list, empty", "", {}, { ok: true, mode: "list", text: "", filter: [] }],
    ["query", "ts between 1 and 5", { mode: "query", secondaryKey: "ts" }, { ok: true, mode: "query", text: "ts between 1 and 5", filter: { operator: "between", value: [1, 5] } }],
    ["query, secondary key from keys", "ts >= 7", { mode: "query", keys: { primary: "id", secondary: "ts" } }, { ok: true, mode: "query", text: "ts >= 7", filter: { operator: "greaterEqual", value: 7 } }],
    ["query, empty means no filter", "  ", { mode: "query" }, { ok: true, mode: "query", text: "  ", filter: null }],
    [
      "list, scoped: the scope's filters first, and no text widens them",
      'plan = "pro" or tenant = "t2"',
      { scope: "tenant = $tenant", params: { tenant: "t1" } },
      { ok: false },
    ],
    [
      "list, scoped, with a parameter the person may use",
      "plan = $plan",
      { schema, scope: "tenant = $tenant", params: { tenant: "t1", plan: 'pro" or tenant = "t2' } },
      { ok: true, mode: "list", text: "plan = $plan", filter: [{ item: "tenant", operator: "equals", value: "t1" }, { item: "plan", operator: "equals", value: 'pro" or tenant = "t2' }] },
    ],
    ["query, scoped: empty text is the scope's key condition", "", { mode: "query", secondaryKey: "ts", scope: "ts >= 10" }, { ok: true, mode: "query", text: "", filter: { operator: "greaterEqual", value: 10 } }],
    ["query, scoped: a range of the person's within the scope's", "ts <= 20", { mode: "query", secondaryKey: "ts", scope: "ts >= 10" }, { ok: true, mode: "query", text: "ts <= 20", filter: { operator: "between", value: [10, 20] } }],
    [
      "find, scoped: the plan runs scope and (text)",
      'plan = "pro") or (tenant = "t2"',
      { mode: "find", scope: 'tenant = "t1"' },
      { ok: false },
    ],
    [
      "find, scoped",
      'plan = "pro" or age > 3',
      { mode: "find", scope: 'tenant = "t1"' },
      {
        ok: true,
        mode: "find",
        text: 'plan = "pro" or age > 3',
        plan: {
          filter: 'tenant = "t1" and (plan = "pro" or age > 3)',
          requests: [
            { operation: "listItems", filter: [{ item: "tenant", operator: "equals", value: "t1" }, { item: "plan", operator: "equals", value: "pro" }], residual: null },
            { operation: "listItems", filter: [{ item: "tenant", operator: "equals", value: "t1" }, { item: "age", operator: "greaterThan", value: 3 }], residual: null },
          ],
          combine: "union",
        },
      },
    ],
    [
      "find, or across attributes",
      'age = 1 or name = "x"',
      { mode: "find", schema, keys: { primary: "id" } },
      {
        ok: true,
        mode: "find",
        text: 'age = 1 or name = "x"',
        plan: {
          filter: 'age = 1 or name = "x"',
          requests: [
            { operation: "listItems", filter: [{ item: "age", operator: "equals", value: 1 }], residual: null },
            { operation: "listItems", filter: [{ item: "name", operator: "equals", value: "x" }], residual: null },
          ],
          combine: "union",
        },
      },
    ],
  ] as const)("%s", (_name, doc, options, expected) => {
    const got = plain(doc, options as ItemfilterOptions);
    if (expected.ok) expect(got).toEqual(expected);
    else expect((got as { ok: boolean }).ok).toBe(false);
  });

  it("a scope that cannot run in the editor's mode fails when the editor is set up, not as the person's error", () => {
    expect(() => resolveOptions({ scope: 'a = 1 or b = "x"' })).toThrow(/^itemfilter: compileList: options\.scope cannot be sent as a listItems filter/);
    expect(() => resolveOptions({ mode: "find", scope: 'tenant = "t1' })).toThrow(/^itemfilter: plan: options\.scope is not a valid filter: E_SYNTAX/);
    expect(() => resolveOptions({ mode: "find", scope: 'a = 1 or b = "x"' })).not.toThrow();
  });

  it.each([
    ["list", "age >", {}, [["E_SYNTAX", "expected a value after '>', found end of input", 5, 5]]],
    ["list rejects or across attributes", "a = 1 or b = 2", {}, [["E_OR_UNSUPPORTED", expect.any(String), expect.any(Number), expect.any(Number)]]],
    ["schema: unknown attribute", "agee = 1", { schema }, [["E_UNKNOWN_ATTRIBUTE", "unknown attribute 'agee'; did you mean 'age'?", 0, 4]]],
    ["schema: type", 'age = "x"', { schema }, [["E_ATTRIBUTE_TYPE", "'age' is a number, but this value is a string; write a number without quotes", 6, 9]]],
    ["query: empty is fine but a list operator is not", "key in (1, 2)", { mode: "query" }, [["E_QUERY_OPERATOR", expect.any(String), expect.any(Number), expect.any(Number)]]],
  ] as const)("rejects: %s", (_name, doc, options, diagnostics) => {
    const result = plain(doc, options as ItemfilterOptions) as { ok: boolean; diagnostics: unknown };
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual(diagnostics);
  });

  it("compileFilter never throws, whatever the text", () => {
    const options = resolveOptions({ schema });
    for (const text of ["(((", '"unterminated', "a = 1e999", "\u0000", "`", "a in ()", "not not not", ")".repeat(50)]) {
      expect(() => compileFilter(text, options)).not.toThrow();
    }
  });

  it("is recompiled on a change of text or options, and only then", () => {
    const mode = new Compartment();
    let state = EditorState.create({ doc: "a = 1 or b = 2", extensions: mode.of(itemfilter({ mode: "list" })) });
    const first = filterResult(state);
    expect(first.ok).toBe(false);
    state = state.update({ selection: { anchor: 3 } }).state;
    expect(filterResult(state)).toBe(first);
    state = state.update({ effects: mode.reconfigure(itemfilter({ mode: "find" })) }).state;
    expect(filterResult(state)).toMatchObject({ ok: true, mode: "find" });
    state = state.update({ changes: { from: 0, to: state.doc.length, insert: "x >= 2" } }).state;
    expect(filterResult(state)).toMatchObject({ ok: true, mode: "find", text: "x >= 2" });
  });

  it.each([
    [{ mode: "nope" }, 'itemfilter: mode must be "list", "query" or "find", not "nope"'],
    [{ lintDelay: -1 }, "itemfilter: lintDelay must be a number of milliseconds >= 0"],
    [
      { schema: { attributes: { age: { type: "int" } } } },
      'itemfilter: a schema is { attributes: { name: { type?, aliases? } }, allowUnknown? }: the type of "age" is "string", "number", "boolean" or absent, not the string "int"',
    ],
  ])("bad options are a TypeError: %j", (options, message) => {
    expect(() => itemfilter(options as ItemfilterOptions)).toThrow(new TypeError(message));
  });
});

describe("diagnostics", () => {
  it.each([
    ["age >", [{ from: 5, to: 5, severity: "error", source: "E_SYNTAX", message: "expected a value after '>', found end of input", markClass: "cm-itemfilter-error-mark" }]],
    [
      'agee = 1 and age = "x"',
      [
        { from: 0, to: 4, severity: "error", source: "E_UNKNOWN_ATTRIBUTE", message: "unknown attribute 'agee'; did you mean 'age'?", markClass: "cm-itemfilter-error-mark", actions: ["Replace with 'age'"] },
        { from: 19, to: 22, severity: "error", source: "E_ATTRIBUTE_TYPE", message: "'age' is a number, but this value is a string; write a number without quotes", markClass: "cm-itemfilter-error-mark" },
      ],
    ],
    ["age >= 3", []],
  ])("%j", (doc, expected) => {
    // Actions are compared by name; what they do is tested below.
    const found = lintDiagnostics(stateOf(doc, { schema })).map((d) => (d.actions === undefined ? d : { ...d, actions: d.actions.map((x) => x.name) }));
    expect(found).toEqual(expected);
  });

  /** A stand-in for an EditorView: what a lint action reads and calls. */
  function fakeView(state: EditorState): { view: EditorView; text: () => string } {
    const view = {
      state,
      dispatch(spec: TransactionSpec) {
        view.state = view.state.update(spec).state;
      },
    };
    return { view: view as unknown as EditorView, text: () => view.state.doc.toString() };
  }

  it.each([
    ["age => 18", {}, "Replace with '>='", "age >= 18"],
    ["agee >= 18", { schema }, "Replace with 'age'", "age >= 18"],
    ['name startsWith "A"', {}, "Replace with 'beginsWith'", 'name beginsWith "A"'],
    ["name = \u201cAda\u201d", {}, "Replace with '\"Ada\"'", 'name = "Ada"'],
    ['plan in ("free" "pro")', {}, "Insert ','", 'plan in ("free", "pro")'],
    ['plan in "free", "pro"', {}, "Put the values in parentheses", 'plan in ("free", "pro")'],
    ["3", { mode: "query" }, "Insert 'key = '", "key = 3"],
  ] as [string, ItemfilterOptions, string, string][])("the first action of %j fixes the text and the error goes", (doc, options, name, fixed) => {
    const state = stateOf(doc, options);
    const [d] = lintDiagnostics(state);
    expect(d!.actions![0]!.name).toBe(name);
    const { view, text } = fakeView(state);
    d!.actions![0]!.apply(view, d!.from, d!.to);
    expect(text()).toBe(fixed);
    expect(lintDiagnostics(view.state)).toEqual([]);
  });

  it("applies a fix where its diagnostic has moved to since it was made", () => {
    const state = stateOf("age => 18", {});
    const [d] = lintDiagnostics(state);
    const { view, text } = fakeView(state);
    view.dispatch({ changes: { from: 0, insert: "  " } });
    d!.actions![0]!.apply(view, d!.from + 2, d!.to + 2);
    expect(text()).toBe("  age >= 18");
  });
});

describe("highlighting", () => {
  it.each([
    ["and", "keyword", tags.keyword],
    ["&&", "keyword", tags.logicOperator],
    [">=", "operator", tags.compareOperator],
    ["beginsWith", "operator", tags.operatorKeyword],
    ["age", "attribute", tags.propertyName],
    ['"x"', "string", tags.string],
    ["3", "number", tags.number],
    ["false", "boolean", tags.bool],
    ["(", "punctuation", tags.paren],
    ["[", "punctuation", tags.squareBracket],
    [",", "punctuation", tags.separator],
    ["@", "error", tags.invalid],
  ] as const)("%s is %s", (text, kind, tag) => {
    expect(tokenTag({ kind, start: 0, end: text.length, text })).toBe(tag);
  });

  it("marks every token with its kind and the theme's class for its tag", () => {
    const theme = HighlightStyle.define([
      { tag: tags.propertyName, class: "t-attr" },
      { tag: tags.keyword, class: "t-kw" },
      { tag: tags.compareOperator, class: "t-op" },
      { tag: tags.number, class: "t-num" },
      { tag: tags.string, class: "t-str" },
      { tag: tags.invalid, class: "t-bad" },
    ]);
    const state = EditorState.create({ doc: 'years >= 3 and plan beginsWith "x" @', extensions: [itemfilter(), syntaxHighlighting(theme)] });
    const marks: [number, number, string][] = [];
    highlightDecorations(state).between(0, state.doc.length, (from, to, value) => void marks.push([from, to, value.spec.class as string]));
    expect(marks).toEqual([
      [0, 5, "cm-itemfilter-attribute t-attr"],
      [6, 8, "cm-itemfilter-operator t-op"],
      [9, 10, "cm-itemfilter-number t-num"],
      [11, 14, "cm-itemfilter-keyword t-kw"],
      [15, 19, "cm-itemfilter-attribute t-attr"],
      // operatorKeyword falls back to the theme's keyword class.
      [20, 30, "cm-itemfilter-operator t-kw"],
      [31, 34, "cm-itemfilter-string t-str"],
      [35, 36, "cm-itemfilter-error t-bad"],
    ]);
  });

  it("gives the classes and tags the README's table says, and no others", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const rows = [...readme.matchAll(/^ {2}\| .* \| `(cm-itemfilter-[a-z]+)` \| (.*) \|$/gm)];
    const documented = rows.flatMap(([, cls, tagCell]) => [...tagCell!.matchAll(/`([^`]+)`/g)].map((m) => `${cls} ${m[1]}`));
    // Every kind of token, every form of each.
    const doc = '(a = 1 || b in ["x", 2]) && !c is not null and not d beginsWith $p or e >= 3 or f != true @';
    const given = new Set(tokenize(doc).map((t) => `cm-itemfilter-${t.kind} ${tokenTag(t).toString()}`));
    expect(new Set(documented)).toEqual(given);
  });

  it("marks exactly the tokens core's tokenize finds", () => {
    const doc = '(a = 1 || b in ["x", 2]) && !c is not null and d between 1 and 2';
    const marks: [number, number][] = [];
    highlightDecorations(stateOf(doc)).between(0, doc.length, (from, to) => void marks.push([from, to]));
    expect(marks).toEqual(tokenize(doc).map((t) => [t.start, t.end]));
  });
});

const PATHS = { attributes: { "address.city": { type: "string" as const, values: ["Oslo"] }, "address.`zip code`": { type: "string" as const } } };

describe("completion", () => {
  const labels = (text: string, pos: number, options: ItemfilterOptions = {}): string[] =>
    filterCompletions(text, pos, resolveOptions({ schema, ...options }))?.options.map((o) => o.label) ?? [];

  it.each([
    ["attributes and aliases", "", 0, {}, ["age", "years", "plan", "name", "tags", "size(", "fold(", "not", "("]],
    // issue 34: size( and the operators of a size; the type names after is.
    ["inside size(", "size(", 5, {}, ["age", "years", "plan", "name", "tags"]],
    ["inside fold(", "fold(", 5, {}, ["age", "years", "plan", "name", "tags"]],
    ["the operators of a size", "size(tags) ", 11, {}, ["=", "!=", "<", "<=", ">", ">=", "in", "between"]],
    ["type names after is not", "tags is not ", 12, {}, ["null", "string", "number", "boolean", "list", "map", "binary"]],
    ["a prefix", "pl", 2, {}, ["plan"]],
    ["an alias", "ye", 2, {}, ["years"]],
    ["number operators", "age ", 4, {}, ["=", "!=", "<", "<=", ">", ">=", "in", "between", "is null", "is not null"]],
    // plan is a string attribute, so the operator takes no number and its value 3 is left out.
    ["schema values of the attribute, then placeholders", "plan = ", 7, {}, ['"free"', '"pro"', '"team"', '""', "null"]],
    ["only string values where the operator takes text", "plan beginsWith ", 16, {}, ['"free"', '"pro"', '"team"', '""']],
    ["values after an alias", "years = ", 8, {}, ["0", "null"]],
    ["values inside in (...)", 'plan in ("free", ', 17, {}, ['"free"', '"pro"', '"team"', '""']],
    ["numbers where the attribute's type is not known", "tags = ", 7, { schema: { attributes: { tags: { values: ["x", 3] } } } }, ['"x"', "3", '""', "0", "true", "false", "null"]],
    ["query mode: key and the secondary key", "", 0, { mode: "query", secondaryKey: "ts" }, ["key", "ts", "=", "<", "<=", ">", ">=", "beginsWith", "between", "("]],
    ["find completes as list", "age >= 3 ", 9, { mode: "find" }, ["and", "or"]],
    // issue 34: a path's members from the schema after the dot, and the values listed for a path.
    ["members after a dot", "address.", 8, { schema: PATHS }, ["city", "`zip code`"]],
    ["members by prefix", "address.z", 9, { schema: PATHS }, ["`zip code`"]],
    ["values of a path", "address.city = ", 15, { schema: PATHS }, ['"Oslo"', '""', "null"]],
  ] as const)("%s", (_name, text, pos, options, expected) => {
    expect(labels(text, pos, options as ItemfilterOptions)).toEqual(expected);
  });

  it("gives the range to replace, keeps core's order and carries operator help", () => {
    const result = filterCompletions("age gre", 7, resolveOptions({ schema }))!;
    expect(result.from).toBe(4);
    expect(result.to).toBe(7);
    expect(result.filter).toBe(false);
    expect(result.options.map((o) => [o.label, o.type, o.info])).toEqual([
      ["greaterThan", "operator", "greater than a number. Example: score > 3"],
      ["greaterEqual", "operator", "greater than or equal to a number. Example: score >= 3"],
    ]);
  });

  it.each([
    ["after a space", "age ", 4, false, true],
    ["in a word", "ag", 2, false, true],
    ["after (", "(", 1, false, true],
    ["not right after a closing quote", 'plan = "pro"', 12, false, false],
    ["there too when asked (Ctrl-Space)", 'plan = "pro" ', 13, true, true],
  ])("the source opens by itself %s", (_name, doc, pos, explicit, opens) => {
    const state = stateOf(doc, { schema });
    expect(completionSource(new CompletionContext(state, pos, explicit)) !== null).toBe(opens);
  });

  it("the source opens by itself after a path's dot", () => {
    const state = stateOf("address.", { schema: PATHS });
    expect(completionSource(new CompletionContext(state, 8, false))?.options.map((o) => o.label)).toEqual(["city", "`zip code`"]);
  });
});

describe("operator help", () => {
  it.each([
    ["a >= 1", 2, "greaterEqual", 2, 4],
    ["a GREATEREQUAL 1", 4, "greaterEqual", 2, 14],
    ["a <> 1", 2, "notEquals", 2, 4],
    ["a beginsWith 'x'", 5, "beginsWith", 2, 12],
    ["a in (1)", 2, "in", 2, 4],
    ["a is null", 2, "null", 2, 9],
    ["a is null", 6, "null", 2, 9],
    ["a is not null", 3, "notNull", 2, 13],
    ["a is not null", 6, "notNull", 2, 13],
    ["a is not null", 10, "notNull", 2, 13],
    ["a between 1 and 2", 3, "between", 2, 9],
    ["a between 1 and 2", 12, "between", 12, 15],
    ["a contains", 4, "contains", 2, 10],
  ])("%j at %i is %s", (text, pos, name, from, to) => {
    expect(operatorAt(text, pos)).toEqual({ from, to, info: OPERATORS.find((op) => op.name === name) });
  });

  it.each([
    ["a = 1", 0],
    ["a = 1", 4],
    ["a = 1 and b = 2", 7],
    ["", 0],
  ])("nothing for %j at %i", (text, pos) => {
    expect(operatorAt(text, pos)).toBeNull();
  });

  it("lists each operator's written forms, canonical first", () => {
    expect(OPERATORS.map((op) => [op.name, operatorForms(op)])).toEqual([
      ["equals", ["=", "==", "equals"]],
      ["notEquals", ["!=", "<>", "notEquals"]],
      ["lessThan", ["<", "lessThan"]],
      ["lessEqual", ["<=", "lessEqual"]],
      ["greaterThan", [">", "greaterThan"]],
      ["greaterEqual", [">=", "greaterEqual"]],
      ["contains", ["contains"]],
      ["notContains", ["notContains"]],
      ["beginsWith", ["beginsWith"]],
      ["in", ["in"]],
      ["between", ["between"]],
      ["null", ["is null", "null"]],
      ["notNull", ["is not null", "notNull"]],
    ]);
  });
});
