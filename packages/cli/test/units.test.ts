import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toNumberValue } from "@itemfilter/core";
import { describe, expect, it } from "vitest";
import { colorEnabled } from "../src/color.js";
import { formatFilterLines } from "../src/formatJson.js";
import { Redactor } from "../src/redactor.js";
import { highlight } from "../src/repl/highlight.js";
import { historyPath, loadHistory, saveHistory } from "../src/repl/historyFile.js";
import { isIncomplete } from "../src/repl/isIncomplete.js";
import { formatTable } from "../src/send/formatTable.js";
import { keyValue } from "../src/send/keyValue.js";
import { whyArgument } from "../src/repl/dotCommands.js";

/** An ExactNumber (a number a double would round), as the client reads one. */
const exact = (text: string) => toNumberValue(text);

describe("isIncomplete", () => {
  it.each([
    ["a = 1", false],
    ["(a = 1", true],
    ["(a = 1 or (b = 2)", true],
    ["(a = 1)", false],
    ["a = 1)", false],
    ["a in [1, 2", true],
    ['a = "x', true],
    ['a = "x\\"', true],
    ['a = "(("', false],
    ["a = 'it''", true],
    ["`odd name", true],
    ["`a\\`b` = 1", false],
    ["", false],
    ["a = 1 and", true],
    ["a = 1 AND", true],
    ["a = 1 or", true],
    ["a = 1 &&", true],
    ["a = 1 ||", true],
    ["not", true],
    ["!", true],
    ["age >=", true],
    ["city in", true],
    ["name beginsWith", true],
    ["a between 1 and", true],
    ["a between 1", true],
    ["a is", true],
    ["a is not", true],
    ["a is null", false],
    ["a is not null", false],
    ["a is NULL", false],
    ["x notNull", false],
    ["a = 'and'", false],
    ["`and` = 1", false],
    ["a between 1 and 2", false],
  ])("%j → %s", (source, open) => {
    expect(isIncomplete(source)).toBe(open);
  });
});

describe("keyValue", () => {
  it.each([
    ["alice", "alice"],
    ["42", 42],
    ["-1.5e3", -1500],
    ["007", "007"],
    ['"42"', "42"],
    ['"a\\"b"', 'a"b'],
    ['"unterminated\\"', '"unterminated\\"'],
    // Issue 32: every digit of a key is kept; a number no store holds can be no key, so it stays text.
    ["1234567890123456789", exact("1234567890123456789")],
    ["9007199254740993", exact("9007199254740993")],
    ["-1.2345678901234567890123456789012345678e-100", exact("-1.2345678901234567890123456789012345678e-100")],
    ['"1234567890123456789"', "1234567890123456789"],
    ["1e400", "1e400"],
    ["123456789012345678901234567890123456789", "123456789012345678901234567890123456789"],
  ])("%j → %j", (text, value) => {
    expect(keyValue(text)).toEqual(value);
  });
});

describe("colorEnabled", () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "" }, true, true],
    [{ TERM: "dumb" }, true, false],
  ])("%j on a terminal %s → %s", (env, tty, on) => {
    expect(colorEnabled(env, tty)).toBe(on);
  });
});

describe("Redactor", () => {
  it.each([
    ["the token s3cr3t-token here", "the token <redacted> here"],
    ['{"t":"s3cr3t-token"}', '{"t":"<redacted>"}'],
    ["quote\"d: q\\\"x-secret", "quote\"d: <redacted>"],
    ["nothing", "nothing"],
  ])("%j → %j", (text, out) => {
    const r = new Redactor();
    r.add("s3cr3t-token");
    r.add('q"x-secret');
    r.add("ab"); // short: masked only where it stands whole, and it stands nowhere here
    r.add(undefined);
    expect(r.redact(text)).toBe(out);
  });

  it.each([
    ['there is no table "nope"', 'there is no table "nope"'],
    ['{"authenticationToken":"t"}', '{"authenticationToken":"<redacted>"}'],
    ["Authorization: Bearer t", "Authorization: Bearer <redacted>"],
    ["http://h/t/listItems?k=ab", "http://h/<redacted>/listItems?k=<redacted>"],
    ["the token t, the key ab: cab tab", "the token <redacted>, the key <redacted>: cab tab"],
  ])("a short secret is masked where it stands whole, never inside other words: %j", (text, out) => {
    const r = new Redactor();
    r.add("t");
    r.add("ab");
    expect(r.redact(text)).toBe(out);
    expect(r.redactValue({ [text]: [text] })).toEqual({ [out]: [out] });
  });
});

describe("Redactor and exact numbers", () => {
  it("leaves an ExactNumber as it is (a number, as a plain one is), even where its digits are a secret", () => {
    const r = new Redactor();
    r.add("1234567890123456789");
    const item = { id: exact("1234567890123456789"), note: "code 1234567890123456789" };
    expect(r.redactValue(item)).toEqual({ id: exact("1234567890123456789"), note: "code <redacted>" });
  });
});

describe(".why's key argument (issue 32)", () => {
  it.each([
    ["[1234567890123456789] a = 1", { key: [exact("1234567890123456789")], filter: "a = 1" }],
    ['["u1", 9007199254740993]', { key: ["u1", exact("9007199254740993")], filter: "" }],
    ["[1e400] a = 1", undefined],
  ])("%j", (arg, parsed) => {
    expect(whyArgument(arg)).toEqual(parsed);
  });
});

describe("formatTable", () => {
  it.each([
    [[], "(no items)"],
    [[{ a: 1 }, { b: "x" }], "a  b\n-  -\n1\n   x"],
    [[{ n: "line\nbreak\ttab" }], "n\n--------------\nline break tab"],
    [[{ long: "x".repeat(50) }], `long\n${"-".repeat(40)}\n${"x".repeat(39)}…`],
    [[{ v: { nested: [1] } }], 'v\n--------------\n{"nested":[1]}'],
    // Issue 33 §2: attribute names are escaped as cells are (this one retitled the terminal and cleared the screen).
    [[{ "\u001b]0;owned\u0007\u001b[2Jname": "x" }], `\\u001b]0;owned\\u0007\\u001b[2Jname\n${"-".repeat(33)}\nx`],
    [[{ "a\nb": 1 }], "a b\n---\n  1"],
    // Bidi controls (U+202A–U+202E, U+2066–U+2069) in a header or a cell would reorder what is shown.
    [[{ "\u202eeman": "\u2066txt\u2069" }], `\\u202eeman\n${"-".repeat(15)}\n\\u2066txt\\u2069`],
    [[{ k: "\u202a\u202b\u202c\u202d\u2067\u2068" }], "k\n------------------------------------\n\\u202a\\u202b\\u202c\\u202d\\u2067\\u2068"],
    [[{ v: { "\u202e": "\u001b" } }], `v\n${"-".repeat(19)}\n{"\\u202e":"\\u001b"}`],
    // Issue 32: an ExactNumber is a number, with every digit, right-aligned; in a map too.
    [[{ id: exact("1234567890123456789") }, { id: 7 }], "                 id\n-------------------\n1234567890123456789\n                  7"],
    [[{ v: { n: exact("12345678901234567890.12") } }], 'v\n-----------------------------\n{"n":12345678901234567890.12}'],
  ])("%j", (items, text) => {
    expect(formatTable(items)).toBe(text);
  });
});

describe("formatFilterLines", () => {
  it.each([
    [[], "[]"],
    [[{ a: 1 }, { b: 2 }], '[\n  {"a":1},\n  {"b":2}\n]'],
    [{ operator: "equals", value: 1 }, '{"operator":"equals","value":1}'],
    [[{ item: "id", operator: "equals", value: exact("1234567890123456789") }], '[\n  {"item":"id","operator":"equals","value":1234567890123456789}\n]'],
  ])("%j", (value, text) => {
    expect(formatFilterLines(value)).toBe(text);
  });
});

describe("highlight", () => {
  it.each([
    ['age >= 3 and name = "x"', "\u001b[36mage\u001b[0m \u001b[33m>=\u001b[0m \u001b[34m3\u001b[0m \u001b[35mand\u001b[0m \u001b[36mname\u001b[0m \u001b[33m=\u001b[0m \u001b[32m\"x\"\u001b[0m"],
    ["(a)", "(\u001b[36ma\u001b[0m)"],
    ["`true` != TRUE", "\u001b[36m`true`\u001b[0m \u001b[33m!=\u001b[0m \u001b[34mTRUE\u001b[0m"],
    ["a = #", "\u001b[36ma\u001b[0m \u001b[33m=\u001b[0m \u001b[31;4m#\u001b[0m"],
    // issue 34: a path is one name, quoted members and indexes included; a malformed step is marked.
    ["items[0].`zip code` is null", "\u001b[36mitems[0].`zip code`\u001b[0m \u001b[33mis\u001b[0m \u001b[33mnull\u001b[0m"],
    ["a[x] = 1", "\u001b[36ma\u001b[0m\u001b[31;4m[x]\u001b[0m \u001b[33m=\u001b[0m \u001b[34m1\u001b[0m"],
  ])("%j", (source, out) => {
    expect(highlight(source)).toBe(out);
  });
});

describe("the history file", () => {
  it.each([
    [{ ITEMFILTER_HISTORY_FILE: "/x/h" }, "/x/h"],
    [{ XDG_CONFIG_HOME: "/cfg", HOME: "/home/u" }, "/cfg/itemfilter/history"],
    [{ HOME: "/home/u" }, "/home/u/.config/itemfilter/history"],
    [{ XDG_CONFIG_HOME: "", HOME: "/home/u" }, "/home/u/.config/itemfilter/history"],
  ])("%j → %s", (env, path) => {
    expect(historyPath(env)).toBe(path);
  });

  it("saves oldest first, owner-only, and loads newest first", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "itemfilter-history-")), "deep", "history");
    expect(await saveHistory(file, ["c = 3", "b = 2", "a = 1"])).toBeUndefined();
    expect(readFileSync(file, "utf8")).toBe("a = 1\nb = 2\nc = 3\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await loadHistory(file)).toEqual(["c = 3", "b = 2", "a = 1"]);
    expect(await loadHistory(join(file, "missing"))).toEqual([]);
  });
});
