import { describe, expect, it } from "vitest";
import { compileList, compileQuery, FilterError, formatDiagnostics } from "../src/index.js";
import { NO_SPAN } from "../src/messages/location.js";

const schema = { attributes: { age: { type: "number" as const } } };

function failure(mode: string, source: string, options: Record<string, unknown>): FilterError {
  const o = { ...options, ...(options.schema ? { schema } : {}) };
  try {
    if (mode === "query") compileQuery(source, o);
    else compileList(source, o);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error("expected a FilterError");
}

describe("formatDiagnostics", () => {
  // One row per error code: the exact text a person sees.
  it.each([
    ["E_SYNTAX", "list", "name =\n  and x", {}, "E_SYNTAX: expected a value after '=', found 'and' (2:3)\n2 |   and x\n  |   ^^^\n\nE_SYNTAX: expected an operator after 'x', found end of input (2:8)\n2 |   and x\n  |        ^"],
    ["E_NUMBER", "list", "id = 1e126", {}, "E_NUMBER: 1e126 is too large: a number is below 1e126 in magnitude (1:6)\n1 | id = 1e126\n  |      ^^^^^\n  = hint: numbers are DynamoDB's: up to 38 significant digits, zero or a magnitude from 1e-130 to below 1e126"],
    ["E_VALUE_TYPE", "list", "age < \"30\"", {}, "E_VALUE_TYPE: the service's '<' orders numbers only, and \"30\" is a string (1:7)\n1 | age < \"30\"\n  |       ^^^^\n  = hint: find (or plan) runs a range of strings exactly: it sends 'a >= x and a <= y' as between and checks the rest locally; compileDynamo sends it as written"],
    ["E_BETWEEN_BOUNDS", "list", "age between 65 and 18", {}, "E_BETWEEN_BOUNDS: the lower bound 65 is greater than the upper bound 18; swap them (1:13)\n1 | age between 65 and 18\n  |             ^^^^^^^^^"],
    ["E_OR_UNSUPPORTED", "list", "a = 1 or b = 2", {}, "E_OR_UNSUPPORTED: 'or' can only join equality tests on one attribute here, as in a = 1 or a = 2 (1:10)\n1 | a = 1 or b = 2\n  |          ^^^^^\n  = hint: one listItems request combines its filters with AND; find (or plan) runs any filter as several requests"],
    ["E_NOT_UNSUPPORTED", "list", "not (age < 18)", {}, "E_NOT_UNSUPPORTED: 'not' of '<' cannot be checked exactly here; did you mean 'age >= 18'? (that also drops items where 'age' is missing or not a number) (1:1)\n1 | not (age < 18)\n  | ^^^^^^^^^^^^^^\n  = hint: one listItems request cannot negate this; find (or plan) runs it as written and checks it locally"],
    ["E_QUERY_OPERATOR", "query", "key != 3", {}, "E_QUERY_OPERATOR: a key query cannot use '!='; it can use '=', '<', '<=', '>', '>=', 'beginsWith' or 'between' (1:5)\n1 | key != 3\n  |     ^^\n  = hint: queryItems takes only these operators on the secondary key; find runs any filter"],
    ["E_QUERY_ATTRIBUTE", "query", "age >= 3", {}, "E_QUERY_ATTRIBUTE: a key query tests only the key; write 'key' or leave the name out, not 'age' (1:1)\n1 | age >= 3\n  | ^^^\n  = hint: queryItems tests only the secondary key; find (with keys) tests other attributes too"],
    ["E_QUERY_SHAPE", "query", "key > 1 and key < 5", {}, "E_QUERY_SHAPE: a key query takes one condition on the key, or 'key >= a and key <= b' (which becomes between); use >= and <=, since between is inclusive (1:1)\n1 | key > 1 and key < 5\n  | ^^^^^^^\n  = hint: queryItems takes one condition on the secondary key; find runs any filter"],
    ["E_EMPTY", "query", "", {}, "E_EMPTY: write a condition on the key, such as '>= 3' or 'beginsWith \"a\"' (1:1)\n1 | \n  | ^\n  = hint: a queryItems request needs a condition on the secondary key"],
    ["E_LIMIT", "list", "((a = 1))", {"maxDepth": 1}, "E_LIMIT: groups and negations nest more than 1 deep (1:2)\n1 | ((a = 1))\n  |  ^\n  = hint: raise maxDepth to accept more"],
    ["E_UNKNOWN_ATTRIBUTE", "list", "agee = 1", {"schema": "age"}, "E_UNKNOWN_ATTRIBUTE: unknown attribute 'agee'; did you mean 'age'? (1:1)\n1 | agee = 1\n  | ^^^^"],
    ["E_ATTRIBUTE_TYPE", "list", "age = \"x\"", {"schema": "age"}, "E_ATTRIBUTE_TYPE: 'age' is a number, but this value is a string; write a number without quotes (1:7)\n1 | age = \"x\"\n  |       ^^^"]
  ] as [string, string, string, Record<string, unknown>, string][])("%s", (code, mode, source, options, expected) => {
    const error = failure(mode, source, options);
    expect(error.code).toBe(code);
    expect(formatDiagnostics(source, error)).toBe(expected);
  });

  it("keeps tabs under tabs so the caret lines up", () => {
    const source = "\tname\t= ";
    expect(formatDiagnostics(source, failure("list", source, {}))).toBe(
      "E_SYNTAX: expected a value after '=', found end of input (1:9)\n1 | \tname\t= \n  | \t    \t  ^",
    );
  });

  it("colours only when asked", () => {
    const error = failure("list", "a =", {});
    expect(formatDiagnostics("a =", error)).not.toContain("\u001b[");
    expect(formatDiagnostics("a =", error, { color: true })).toBe(
      "\u001b[1m\u001b[31mE_SYNTAX\u001b[0m: expected a value after '=', found end of input (1:4)\n1 | a =\n  |    \u001b[31m^\u001b[0m",
    );
  });

  it("shows a window of a very long line", () => {
    const source = "a = 1 and ".repeat(100) + "b =";
    const text = formatDiagnostics(source, failure("list", source, {}));
    const [, line, caret] = text.split("\n");
    expect(line!.length).toBeLessThan(150);
    expect(line!.endsWith("b =")).toBe(true);
    expect(caret!.indexOf("^") - 4).toBe(line!.length - 4 + 0);
  });

  it("prints a JSON path instead of a frame for filters checked as JSON", () => {
    const error = new FilterError([{ code: "E_FILTER_JSON", message: "unknown operator 'equal'; did you mean 'equals'?", span: NO_SPAN, path: "filter[0].operator" }]);
    expect(formatDiagnostics("", error)).toBe("E_FILTER_JSON: unknown operator 'equal'; did you mean 'equals'? (at filter[0].operator)");
    expect(error.message).toBe("E_FILTER_JSON at filter[0].operator: unknown operator 'equal'; did you mean 'equals'?");
  });

  it("escapes terminal control sequences and bidi overrides in the frame, and the caret still lines up", () => {
    const source = 'a = "x\u001b]0;PWNED\u0007\u001b[2J" and \u202eb >';
    const line = '1 | a = "x\\u001b]0;PWNED\\u0007\\u001b[2J" and \\u202eb >';
    expect(formatDiagnostics(source, failure("list", source, {}))).toBe(
      ["E_SYNTAX: unexpected character U+202E (1:27)", line, "  | " + " ".repeat(41) + "^^^^^^", "", "E_SYNTAX: expected a value after '>', found end of input (1:31)", line, "  | " + " ".repeat(50) + "^"].join("\n"),
    );
  });

  it("escapes control characters in messages and codes given to it", () => {
    const span = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 1, line: 1, column: 2 } };
    expect(formatDiagnostics("a", [{ code: "W_X\u001b", message: "bad\nname \u202e", span }])).toBe("W_X\\u001b: bad\\u000aname \\u202e (1:1)\n1 | a\n  | ^");
  });

  it("numbers lines from options.firstLine", () => {
    const source = "a = 1 and\nb >";
    expect(formatDiagnostics(source, failure("list", source, {}), { firstLine: 41 })).toBe(
      "E_SYNTAX: expected a value after '>', found end of input (42:4)\n42 | b >\n   |    ^",
    );
    expect(formatDiagnostics("x", failure("list", "x", {}), { firstLine: 9 })).toBe("E_SYNTAX: expected an operator after 'x', found end of input (9:2)\n9 | x\n  |  ^");
  });

  it("renders a plain array of diagnostics, such as attributeWarnings returns", () => {
    const error = failure("list", "a =", {});
    expect(formatDiagnostics("a =", [...error.diagnostics])).toBe(formatDiagnostics("a =", error));
    expect(formatDiagnostics("a =", [])).toBe("");
  });

  it.each([
    ["an Error", new Error("x"), "formatDiagnostics takes a FilterError or an array of diagnostics ({ code, message, span }), not an object"],
    ["a string", "E_SYNTAX", 'formatDiagnostics takes a FilterError or an array of diagnostics ({ code, message, span }), not the string "E_SYNTAX"'],
    ["undefined", undefined, "formatDiagnostics takes a FilterError or an array of diagnostics ({ code, message, span }), not undefined"],
    ["an array of strings", ["x"], 'formatDiagnostics takes a FilterError or an array of diagnostics ({ code, message, span }); element 0 is the string "x"'],
    ["a diagnostic without a span", [{ code: "E_SYNTAX", message: "m" }], "formatDiagnostics takes a FilterError or an array of diagnostics ({ code, message, span }); element 0 has no valid span ({ start, end } of { offset, line, column })"],
  ])("throws a TypeError that says what it takes for %s", (_, error, message) => {
    expect(() => formatDiagnostics("a", error as never)).toThrow(new TypeError(message));
  });

  it.each([
    [42, {}, "formatDiagnostics takes the filter text (a string) first, not a number (42)"],
    ["a", { firstLine: 0 }, "formatDiagnostics: options.firstLine is the line number of the source's first line, a whole number from 1, not a number (0)"],
    ["a", { firstLine: 1.5 }, "formatDiagnostics: options.firstLine is the line number of the source's first line, a whole number from 1, not a number (1.5)"],
    ["a", "color", 'formatDiagnostics takes options as an object ({ color?, firstLine? }), not the string "color"'],
  ])("throws a TypeError for source %j with options %j", (source, options, message) => {
    expect(() => formatDiagnostics(source as never, failure("list", "a =", {}), options as never)).toThrow(new TypeError(message));
  });
});
