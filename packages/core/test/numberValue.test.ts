import { describe, expect, it } from "vitest";
import { ExactNumber, JsonNumberError, compareNumbers, isExactNumber, isNumberValue, parseJson, readNumber, stringifyJson, toNumberValue } from "@itemfilter/core";
import { formatNumber } from "../src/scan/numbers.js";

/** What a value is, as a test can compare it: a plain number, or the digits of an ExactNumber. */
const shown = (v: unknown): unknown => (isExactNumber(v) ? { exact: String(v) } : v);

describe("readNumber", () => {
  it.each([
    ["0", 0],
    ["-0", -0],
    ["0.1", 0.1],
    ["3.0", 3],
    ["-1.5e-7", -1.5e-7],
    ["1e21", 1e21],
    ["1E+21", 1e21],
    ["9007199254740992", 9007199254740992],
    ["0.30000000000000004", 0.30000000000000004],
    ["100e-2", 1],
    ["0.000", 0],
    ["1e-130", 1e-130],
    ["9.9e125", 9.9e125],
    ["123456789012345", 123456789012345],
    ["1.5e-120", 1.5e-120],
    ["1e125", 1e125],
  ])("%s is the double %d", (raw, value) => {
    const read = readNumber(raw);
    expect(read).toEqual({ value });
    expect(typeof (read as { value: unknown }).value).toBe("number");
  });

  it.each([
    ["9007199254740993", "9007199254740993"],
    ["12345678901234567890", "12345678901234567890"],
    ["1234567890123456789", "1234567890123456789"],
    ["0.1000000000000000000001", "0.1000000000000000000001"],
    ["2.00000000000000000001", "2.00000000000000000001"],
    ["12345678901234567890.12", "12345678901234567890.12"],
    ["-12345678901234567890.120", "-12345678901234567890.12"],
    ["99999999999999999999999999999999999999", "99999999999999999999999999999999999999"],
    ["9.9999999999999999999999999999999999999e125", "9.9999999999999999999999999999999999999e+125"],
    ["1.0000000000000000000000000000000000001e-130", "1.0000000000000000000000000000000000001e-130"],
    ["0.0000001234567890123456789", "1.234567890123456789e-7"],
    ["123456789012345678901", "123456789012345678901"],
    ["1234567890123456789012", "1234567890123456789012"],
    ["12345678901234567890123456789012345678e2", "1.2345678901234567890123456789012345678e+39"],
    ["1.5000000000000000000001e-120", "1.5000000000000000000001e-120"],
  ])("%s is the ExactNumber %s", (raw, digits) => {
    expect(shown(toNumberValue(raw))).toEqual({ exact: digits });
  });

  it.each([
    ["123456789012345678901234567890123456789", { problem: "digits", digits: 39 }],
    ["1.23456789012345678901234567890123456789", { problem: "digits", digits: 39 }],
    ["1e126", { problem: "large" }],
    ["-1e126", { problem: "large" }],
    ["1e400", { problem: "large" }],
    ["9.99e-131", { problem: "small" }],
    ["1e-131", { problem: "small" }],
    ["5e-324", { problem: "small" }],
    ["1e-400", { problem: "small" }],
    ["1.", { problem: "syntax" }],
    ["+1", { problem: "syntax" }],
    ["0x10", { problem: "syntax" }],
  ])("%s is not a number DynamoDB holds: %j", (raw, problem) => {
    expect(readNumber(raw)).toEqual(problem);
  });

  it("keeps trailing zeros of the integer part and drops those of the fraction (38 digits counted without them)", () => {
    expect(shown(toNumberValue("12345678901234567890123456789012345678000"))).toEqual({ exact: "1.2345678901234567890123456789012345678e+40" });
    expect(shown(toNumberValue("1234567890123456789012345678901234567.8e1"))).toEqual({ exact: "12345678901234567890123456789012345678" });
    expect(shown(toNumberValue("1.23456789012345678901234567890123456780000"))).toEqual({ exact: "1.2345678901234567890123456789012345678" });
  });

  it("refuses text that names no DynamoDB number, saying why", () => {
    expect(() => toNumberValue("1e400")).toThrow(new RangeError("1e400 is not a number DynamoDB can hold (1e126 or more in magnitude)"));
  });
});

describe("ExactNumber", () => {
  const big = toNumberValue("1234567890123456789") as ExactNumber;

  it("is made only by toNumberValue and parseJson", () => {
    expect(() => new (ExactNumber as unknown as new (m: symbol, d: unknown) => ExactNumber)(Symbol("x"), {})).toThrow(TypeError);
  });

  it("prints its digits and refuses arithmetic that would round it", () => {
    expect(String(big)).toBe("1234567890123456789");
    expect(`${big}`).toBe("1234567890123456789");
    expect(() => +big).toThrow(/exact number, which a double would round: use toNumber\(\)/);
    expect(big.toNumber()).toBe(1234567890123456800);
    expect(Object.prototype.toString.call(big)).toBe("[object ExactNumber]");
    expect(isExactNumber(big)).toBe(true);
    expect(isNumberValue(big)).toBe(true);
    expect(isNumberValue(3)).toBe(true);
    expect(isNumberValue("3")).toBe(false);
    expect(isExactNumber(3)).toBe(false);
  });

  it("writes a JSON number with every digit through stringifyJson", () => {
    expect(stringifyJson({ id: big, n: 1, list: [big, "x"] })).toBe('{"id":1234567890123456789,"n":1,"list":[1234567890123456789,"x"]}');
    expect(stringifyJson({ id: big }, 2)).toBe('{\n  "id": 1234567890123456789\n}');
    expect(stringifyJson({ n: 1 })).toBe('{"n":1}');
  });

  it("keeps its digits through JSON.stringify too (a number where JSON.rawJSON exists, a string elsewhere)", () => {
    const text = JSON.stringify({ id: big });
    expect(typeof (JSON as { rawJSON?: unknown }).rawJSON === "function" ? text : text.replace(/"(\d+)"/, "$1")).toBe('{"id":1234567890123456789}');
  });
});

describe("compareNumbers", () => {
  const n = toNumberValue;
  it.each([
    ["9007199254740993", "9007199254740992", 1],
    ["9007199254740992", "9007199254740993", -1],
    ["9007199254740993", "9007199254740993", 0],
    ["-9007199254740993", "-9007199254740992", -1],
    ["0.1", "0.1000000000000000000001", -1],
    ["1.5e-120", "0", 1],
    ["-1.5e-120", "0", -1],
    ["1e125", "99999999999999999999999999999999999999", 1],
    ["12345678901234567890.12", "12345678901234567890.11", 1],
    ["1e21", "1000000000000000000001", -1],
    ["-0", "0", 0],
  ])("%s against %s is %d", (a, b, order) => {
    expect(Math.sign(compareNumbers(n(a), n(b)))).toBe(order);
    expect(Math.sign(compareNumbers(n(b), n(a)))).toBe(-order || 0);
  });

  it("is NaN against NaN, and puts ±Infinity past every ExactNumber", () => {
    expect(compareNumbers(Number.NaN, n("9007199254740993"))).toBeNaN();
    expect(compareNumbers(Infinity, n("9007199254740993"))).toBe(1);
    expect(compareNumbers(n("-9007199254740993"), -Infinity)).toBe(1);
  });
});

describe("parseJson", () => {
  it("reads numbers a double holds as numbers, and the rest exactly", () => {
    const v = parseJson('{"data":{"items":[{"id":"a","n":1234567890123456789,"m":-0,"t":1.5e-120,"u":1.50000000000000000001e-120,"k":5,"x":0.1}]}}') as { data: { items: Record<string, unknown>[] } };
    const item = v.data.items[0]!;
    expect(Object.fromEntries(Object.entries(item).map(([k, x]) => [k, shown(x)]))).toEqual({ id: "a", n: { exact: "1234567890123456789" }, m: -0, t: 1.5e-120, u: { exact: "1.50000000000000000001e-120" }, k: 5, x: 0.1 });
    expect(Object.is(item.m, -0)).toBe(true);
  });

  it("names a number no store can hold, and where it is", () => {
    const read = (): unknown => parseJson('{"data":{"items":[{"id":"a","big":1e400}]}}');
    expect(read).toThrow(JsonNumberError);
    expect(read).toThrow("the number 1e400 at data.items[0].big is not one DynamoDB can hold (beyond 1e-130 to below 1e126)");
    try {
      read();
    } catch (error) {
      expect({ ...(error as JsonNumberError) }).toMatchObject({ number: "1e400", problem: "large", path: ["data", "items", 0, "big"] });
    }
  });

  it("keeps JSON.parse's errors, last-member rule and own __proto__ on the exact path", () => {
    expect(() => parseJson('{"a":12345678901234567890,')).toThrow(SyntaxError);
    const v = parseJson('{"a":1,"a":12345678901234567890,"__proto__":{"p":1}}') as Record<string, unknown>;
    expect(shown(v.a)).toEqual({ exact: "12345678901234567890" });
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(["a", "__proto__"]);
  });

  it("reads exact text nested 100,000 levels deep without overflowing the stack", () => {
    const deep = `${"[".repeat(100_000)}12345678901234567890${"]".repeat(100_000)}`;
    let v = parseJson(deep);
    for (let i = 0; i < 100_000; i++) v = (v as unknown[])[0];
    expect(shown(v)).toEqual({ exact: "12345678901234567890" });
  });

  it("names the path of a bad number inside nested objects and arrays", () => {
    expect(() => parseJson('{"a":[1,{"b":{"c":[2,3,1e400]}}],"d":1}')).toThrow("the number 1e400 at a[1].b.c[2] is not one DynamoDB can hold");
    expect(() => parseJson('[{"x":1},{"odd name":[123456789012345678901234567890123456789]}]')).toThrow('the number 123456789012345678901234567890123456789 at [1]["odd name"][0] is not one DynamoDB can hold (more than 38 significant digits)');
    expect(() => parseJson("1e400")).toThrow(/^the number 1e400 is not one/);
  });

  it("decodes strings, words and empty containers on the exact path as JSON.parse does", () => {
    const text = '{"s":"a\\"\\u00e9\\ud83d\\ude00","t":true,"f":false,"n":null,"e":[],"o":{},"big":12345678901234567890}';
    const v = parseJson(text) as Record<string, unknown>;
    const { big, ...rest } = v;
    expect(rest).toStrictEqual(Object.fromEntries(Object.entries(JSON.parse(text) as Record<string, unknown>).filter(([k]) => k !== "big")));
    expect(String(big)).toBe("12345678901234567890");
  });

  it("writes a string that looks like its placeholder as the string", () => {
    const big = toNumberValue("12345678901234567890");
    expect(stringifyJson({ a: "exact0x0", b: big, c: ["exactabcx0"] })).toBe('{"a":"exact0x0","b":12345678901234567890,"c":["exactabcx0"]}');
    expect(stringifyJson(big)).toBe("12345678901234567890");
    expect(stringifyJson([big, undefined, () => 1])).toBe("[12345678901234567890,null,null]");
  });

  it("round-trips through stringifyJson digit for digit", () => {
    const text = '{"a":[12345678901234567890.12,-0.000000000000000000000000000001,99999999999999999999999999999999999999,1]}';
    expect(stringifyJson(parseJson(text))).toBe('{"a":[12345678901234567890.12,-1e-30,99999999999999999999999999999999999999,1]}');
  });
});

describe("formatNumber", () => {
  it.each([
    [-0, "-0"],
    [0, "0"],
    [1e21, "1e+21"],
    [-2.5, "-2.5"],
    [toNumberValue("1234567890123456789"), "1234567890123456789"],
  ])("%s prints as %s", (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe("ExactNumber equality", () => {
  it("is one object per value, so === compares ExactNumbers as it does doubles", () => {
    expect(toNumberValue("9007199254740993")).toBe(toNumberValue("9007199254740993.000"));
    expect(toNumberValue("9007199254740993")).toBe((parseJson("[9007199254740993]") as unknown[])[0]);
    expect(toNumberValue("9007199254740993")).not.toBe(toNumberValue("9007199254740995"));
    expect(new Set([toNumberValue("1e-129"), toNumberValue("0.1e-128")]).size).toBe(1);
  });

  it("is deep-equal to another of the same digits only", () => {
    expect(toNumberValue("9007199254740993")).toEqual(toNumberValue("9007199254740993.0"));
    expect(toNumberValue("9007199254740993")).not.toEqual(toNumberValue("9007199254740995"));
  });
});

describe("stringifyJson over shared objects", () => {
  it("finds an ExactNumber after an object met twice, and still refuses a cycle as JSON.stringify does", () => {
    const shared = { at: 1 };
    expect(stringifyJson([shared, shared, toNumberValue("12345678901234567890")])).toBe('[{"at":1},{"at":1},12345678901234567890]');
    const cycle: Record<string, unknown> = { n: toNumberValue("12345678901234567890") };
    cycle.self = cycle;
    expect(() => stringifyJson(cycle)).toThrow(TypeError);
  });
});
