import { describe, expect, it } from "vitest";
import { checkFields, pickFields } from "@itemfilter/core";

const TAKES = 'fields takes a non-empty array of attribute paths, such as ["id", "address.city", "items[0].sku"]';

describe("checkFields", () => {
  it.each([
    ["id", ["id"]],
    ["address.city", ["address", "city"]],
    ["items[0].sku", ["items", 0, "sku"]],
    ["items[1]", ["items", 1]],
    ["grid[2][10]", ["grid", 2, 10]],
    ["address.`zip code`", ["address", "zip code"]],
    ["`a.b`", ["a.b"]],
    ["`a.b`.c", ["a.b", "c"]],
    ["`a,b`", ["a,b"]],
    ["`tick\\`s`", ["tick`s"]],
    ["m.select", ["m", "select"]],
    // No backtick and no bracket: split on dots, as before paths had indexes.
    ["first name", ["first name"]],
    ["first name.x-y", ["first name", "x-y"]],
    ["select", ["select"]],
    ["tags.0", ["tags", "0"]],
    ["2fa", ["2fa"]],
  ])("reads %j as %j", (field, path) => {
    expect(checkFields([field])).toEqual([path]);
  });

  it.each([
    [[], TAKES],
    ["a", TAKES],
    [[""], `${TAKES}; "" is not one`],
    [["a..b"], `${TAKES}; "a..b" is not one`],
    [[".a"], `${TAKES}; ".a" is not one`],
    [[1], `${TAKES}; 1 is not one`],
    [["items[01]"], `${TAKES}; "items[01]" is not one`],
    [["items[-1]"], `${TAKES}; "items[-1]" is not one`],
    [["items[0"], `${TAKES}; "items[0" is not one`],
    [["[0]"], `${TAKES}; "[0]" is not one`],
    [["items[0]x"], `${TAKES}; "items[0]x" is not one`],
    [["``"], `${TAKES}; "\`\`" is not one`],
    [["`open"], `${TAKES}; "\`open" is not one`],
    [["first name[0]"], `${TAKES}; "first name[0]" is not one`],
    [["id", "a[4294967295]"], `${TAKES}; "a[4294967295]" is not one`],
  ])("refuses %j with a TypeError: %s", (fields, message) => {
    expect(() => checkFields(fields)).toThrow(new TypeError(message));
  });
});

describe("pickFields: what DynamoDB's ProjectionExpression gives (test/dynamodb/fieldPaths.test.ts checks it on DynamoDB Local)", () => {
  const item = {
    id: "a",
    items: [{ sku: "s0", n: 0 }, { n: 1 }, { sku: "s2" }, "text", [10, [20, "21"]]],
    address: { city: "Oslo", "zip code": "0150", "a.b": 1 },
    "a.b": "flat",
    list: [1, "2"],
    set: new Set(["x", "y"]),
    json: { $set: ["x", "y"] },
    strings: ["x", "y"],
    bin: { $binary: "AAE=" },
  };
  it.each([
    [["items[1].sku", "items[0]"], { items: [{ sku: "s0", n: 0 }] }],
    [["items[0].sku", "items[2].sku"], { items: [{ sku: "s0" }, { sku: "s2" }] }],
    [["items[2].sku", "items[1].sku", "items[0].n"], { items: [{ n: 0 }, { sku: "s2" }] }],
    [["items[0].sku", "items[0].n"], { items: [{ sku: "s0", n: 0 }] }],
    [["items[1].sku"], {}],
    [["items[9]"], {}],
    [["items[3].sku"], {}],
    [["items[3][0]"], {}],
    [["items[4][1][0]", "items[2]"], { items: [{ sku: "s2" }, [[20]]] }],
    [["items[4][5]", "list[0]"], { list: [1] }],
    [["list[1]", "list[0]"], { list: [1, "2"] }],
    [["set[0]", "set"], { set: new Set(["x", "y"]) }],
    [["set[0]"], {}],
    [["json[0]", "json.$set"], {}],
    [["strings[1]"], { strings: ["y"] }],
    [["bin.$binary"], {}],
    [["items[0]", "items[0].sku"], { items: [{ sku: "s0", n: 0 }] }],
    [["items[0].sku", "items"], { items: item.items }],
    [["address[0]"], {}],
    [["list.x"], {}],
    [["address.city", "address[0]"], { address: { city: "Oslo" } }],
    [["list.x", "list[1]"], { list: ["2"] }],
    [["address.`zip code`", "`a.b`"], { address: { "zip code": "0150" }, "a.b": "flat" }],
    [["address.`a.b`", "id"], { address: { "a.b": 1 }, id: "a" }],
  ])("picks %j", (fields, picked) => {
    expect(pickFields(item, checkFields(fields))).toEqual(picked);
  });
});
