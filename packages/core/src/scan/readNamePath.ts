import { MAX_INDEX, MAX_PATH_STEPS } from "./pathLimits.js";
import { isKeyword } from "./plainName.js";

/** One step of a path into an attribute: a map member's name, or a list element's index (a whole number from 0). */
export type PathSegment = string | number;

/*
 * A name or path as the filter language writes one (`address.city`,
 * `` items[0].`zip code` ``, `` `a.b` ``), read without the scanner: a schema's
 * names are read this way, and a schema is read where nothing is parsed (an
 * app that only validates filter JSON against one carries no parser).
 * It reads what the scanner reads (scanPath.ts, scanString.ts); the schema
 * tests check the two agree.
 */

/** A name, and for a path the steps after it. */
export interface NamePath {
  readonly name: string;
  readonly path?: readonly PathSegment[];
}

const WORD = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{M}\p{Nd}_]*/uy;
const INDEX = /\[(0|[1-9]\d*)\]/y;
const ESCAPES: Record<string, string> = { '"': '"', "'": "'", "\\": "\\", "/": "/", "`": "`", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** The whole text as one name or path, or undefined where it is not one. */
export function readNamePath(text: string): NamePath | undefined {
  const first = segment(text, 0, true);
  if (first === undefined) return undefined;
  const path: PathSegment[] = [];
  let at = first.end;
  while (at < text.length) {
    if (path.length === MAX_PATH_STEPS) return undefined;
    if (text[at] === "[") {
      INDEX.lastIndex = at;
      const m = INDEX.exec(text);
      if (m === null || Number(m[1]) > MAX_INDEX) return undefined;
      path.push(Number(m[1]));
      at = INDEX.lastIndex;
      continue;
    }
    if (text[at] !== ".") return undefined;
    const step = segment(text, at + 1, false);
    if (step === undefined) return undefined;
    path.push(step.value);
    at = step.end;
  }
  return path.length === 0 ? { name: first.value } : { name: first.value, path };
}

/** A word (a keyword only after a dot) or a backtick name at `at`. */
function segment(text: string, at: number, first: boolean): { value: string; end: number } | undefined {
  if (text[at] === "`") return quoted(text, at);
  WORD.lastIndex = at;
  const m = WORD.exec(text);
  if (m === null || (first && isKeyword(m[0]))) return undefined;
  return { value: m[0], end: WORD.lastIndex };
}

/** A backtick name with the scanner's escapes; a line break, a lone surrogate or an empty name is not one. */
function quoted(text: string, open: number): { value: string; end: number } | undefined {
  let value = "";
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === "`") return value === "" || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value) ? undefined : { value, end: i + 1 };
    if (c === "\n" || c === "\r") return undefined;
    if (c !== "\\") {
      value += c;
      continue;
    }
    const e = text[i + 1];
    if (e === "u") {
      const hex = text.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) return undefined;
      value += String.fromCharCode(parseInt(hex, 16));
      i += 5;
    } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
      value += ESCAPES[e];
      i += 1;
    } else return undefined;
  }
  return undefined;
}
