import { FULL_FOLDING, SIMPLE_FOLDING } from "./caseFoldingTable.js";

/** Code point to its folded text, for the code points that fold to something else; built on first use. */
let folding: Map<number, string> | undefined;

/** The table read: each code point that folds, to its folded text. Exported for its test. */
export function foldingTable(): ReadonlyMap<number, string> {
  return (folding ??= readTable());
}

function readTable(): Map<number, string> {
  const map = new Map<number, string>();
  let last = 0;
  for (const run of SIMPLE_FOLDING.split(",")) {
    const [, gap, kind, count, sign, delta] = /^([0-9a-z]+)(?:([*/])([0-9a-z]+))?([+-])([0-9a-z]+)$/.exec(run)!;
    const start = last + parseInt(gap!, 36);
    const stride = kind === "/" ? 2 : 1;
    const n = count === undefined ? 1 : parseInt(count, 36);
    const d = (sign === "-" ? -1 : 1) * parseInt(delta!, 36);
    for (let i = 0; i < n; i++) map.set(start + i * stride, String.fromCodePoint(start + i * stride + d));
    last = start + (n - 1) * stride;
  }
  for (const entry of FULL_FOLDING.split(",")) {
    const [from, to] = entry.split(":");
    map.set(parseInt(from!, 36), String.fromCodePoint(...to!.split(" ").map((c) => parseInt(c, 36))));
  }
  return map;
}

const ASCII = /^[\u0000-\u007f]*$/;

/**
 * The text as it compares when letter case is ignored: Unicode's full case
 * folding (CaseFolding.txt, statuses C and F) of the text's NFC form. So
 * "Straße", "STRASSE" and "strasse" fold alike ("strasse"), as do "ΣΊΣΥΦΟΣ"
 * and "σίσυφος", and the Kelvin sign "K" and "K". Not locale-dependent:
 * Turkish dotted "İ" folds to "i̇" (i and a combining dot), never to "i".
 * An app that stores a folded copy of an attribute for the schema's `folded`
 * writes `foldCase` of the original (grammar/semantics.md, "Letter case").
 */
export function foldCase(text: string): string {
  if (typeof text !== "string") throw new TypeError(`foldCase takes a string, not ${text === null ? "null" : typeof text}`);
  // ASCII is its own NFC form, and its only folds are A-Z to a-z.
  if (ASCII.test(text)) return text.toLowerCase();
  const map = foldingTable();
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const folded = map.get(ch.codePointAt(0)!);
    out += folded ?? ch;
  }
  return out;
}
