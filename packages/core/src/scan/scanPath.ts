import type { TokenType } from "chevrotain";
import { replaceTitle } from "../messages/messageText.js";
import type { Problem, Push } from "./lexer.js";
import { nameEnd, nameStartAt } from "./lexer.js";
import { scanString } from "./scanString.js";
import { MAX_INDEX, MAX_PATH_STEPS } from "./pathLimits.js";
import type { NamePath, PathSegment } from "./readNamePath.js";

/*
 * Nested attributes: a name followed, with no space, by `.member`,
 * `` .`quoted member` `` and `[index]` steps (`address.city`, `items[0].sku`).
 * The whole path is one name token (Identifier, or QuotedIdentifier when the
 * first step is quoted), so every place that takes a name takes a path and
 * highlighting colours it as one; its payload is a NamePath (with `path`)
 * rather than a string. Any word after `.` is a member name, keywords included (`a.in`):
 * nothing else can stand there.
 */


/** Whether a path step starts at `at`: a `.` or a `[` right after a name. */
export function pathFollows(source: string, at: number): boolean {
  const c = source.charCodeAt(at);
  return c === 46 || c === 91;
}

/**
 * Scans the steps of a path from `at` (a `.` or `[` right after the name
 * that ends there), pushes one token for the whole path, and returns where it
 * ends. A malformed step is a problem at the step, with a fix where the
 * intent is clear; the path up to it stands, so the rest is still checked.
 */
export function scanPath(source: string, start: number, at: number, type: TokenType, name: string, push: Push, problem: Problem): number {
  const path: PathSegment[] = [];
  let i = at;
  for (let c = source.charCodeAt(i); c === 46 || c === 91; c = source.charCodeAt(i)) {
    const step = c === 46 ? member(source, start, i, problem) : index(source, i, problem);
    if (step.segment !== undefined) {
      if (path.length === MAX_PATH_STEPS) problem("E_SYNTAX", i, step.end, { params: { kind: "pathDepth", limit: MAX_PATH_STEPS } });
      path.push(step.segment);
    }
    i = step.end;
    if (step.segment === undefined && step.more !== true) break;
  }
  const payload: NamePath | string = path.length === 0 ? name : { name, path };
  push(type, start, i, payload);
  return i;
}

interface Step {
  segment?: PathSegment;
  end: number;
  /** A malformed step after which the path goes on (`a..b`). */
  more?: true;
}

/** `.name`, `` .`quoted name` ``; `a.`, `a..b` and `a.1` are problems. */
function member(source: string, start: number, dot: number, problem: Problem): Step {
  const at = dot + 1;
  const c = source.charCodeAt(at);
  const w = nameStartAt(source, at);
  if (w > 0) {
    const end = nameEnd(source, at + w);
    return { segment: source.slice(at, end), end };
  }
  if (c === 96) {
    let value = "";
    const end = scanString(source, at, (_type, _start, _end, payload) => (value = payload as string), problem);
    return { segment: value, end };
  }
  if (c >= 48 && c <= 57) {
    // `a.1`: a list element written as a member. The index form is the fix; a map member named 1 is `a.\`1\``.
    let end = at;
    while (isDigit(source.charCodeAt(end))) end++;
    const digits = source.slice(at, end);
    const suggestion = `[${digits}]`;
    problem("E_SYNTAX", dot, end, {
      params: { kind: "pathNumberMember", text: source.slice(dot, end), suggestion, quoted: `.\`${digits}\`` },
      fixes: [
        { title: replaceTitle(suggestion), start: dot, end, replacement: suggestion },
        { title: replaceTitle(`.\`${digits}\``), start: dot, end, replacement: `.\`${digits}\`` },
      ],
    });
    return { end };
  }
  // `a..b`: one dot too many, which the fix removes.
  const doubled = c === 46 && (nameStartAt(source, at + 1) > 0 || source.charCodeAt(at + 1) === 96);
  problem("E_SYNTAX", dot, doubled ? at + 1 : at, {
    params: { kind: "pathMember", path: source.slice(start, at) },
    ...(doubled ? { fixes: [{ title: replaceTitle("."), start: dot, end: at + 1, replacement: "." }] } : {}),
  });
  return doubled ? { end: at, more: true } : { end: at };
}

/** `[N]` with N a whole number from 0 written without sign, spaces or leading zeros. */
function index(source: string, open: number, problem: Problem): Step {
  let end = open + 1;
  while (isDigit(source.charCodeAt(end))) end++;
  const digits = source.slice(open + 1, end);
  if (digits !== "" && source.charCodeAt(end) === 93 && (digits.length === 1 || digits[0] !== "0")) {
    const value = Number(digits);
    if (value <= MAX_INDEX) return { segment: value, end: end + 1 };
    problem("E_SYNTAX", open, end + 1, { params: { kind: "pathIndexLarge", text: source.slice(open, end + 1), limit: MAX_INDEX } });
    return { end: end + 1 };
  }
  // The text up to the closing bracket on this line, if there is one soon, else the bracket alone.
  let close = open + 1;
  while (close < source.length && close - open < 64 && !isLineBreak(source.charCodeAt(close)) && source.charCodeAt(close) !== 93) close++;
  const closed = source.charCodeAt(close) === 93;
  const inner = closed ? source.slice(open + 1, close) : "";
  const stop = closed ? close + 1 : open + 1;
  const meant = closed ? meantIndex(inner) : undefined;
  if (!closed && digits !== "") {
    const missing = `[${digits}]`;
    problem("E_SYNTAX", open, end, {
      params: { kind: "pathIndexClose", text: source.slice(open, end), suggestion: missing },
      fixes: [{ title: "Add the closing ']'", start: end, end, replacement: "]" }],
    });
    return { end };
  }
  problem("E_SYNTAX", open, stop, {
    params: { kind: "pathIndex", text: source.slice(open, stop), ...(meant === undefined ? {} : { suggestion: meant }) },
    ...(meant === undefined ? {} : { fixes: [{ title: replaceTitle(meant), start: open, end: stop, replacement: meant }] }),
  });
  return { end: stop };
}

/** `[ 1 ]` and `[01]` mean `[1]`; a sign, a fraction or a name has no one index it means. */
function meantIndex(inner: string): string | undefined {
  const trimmed = inner.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= MAX_INDEX ? `[${value}]` : undefined;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13;
}
