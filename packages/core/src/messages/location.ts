import { describeValue } from "../values/checkArgument.js";

/** A point in the source. `offset` is a 0-based UTF-16 index; `line` and `column` are 1-based, and a column counts UTF-16 units. */
export interface Position {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** A half-open range of source text: `end.offset` is one past the last character. */
export interface Span {
  readonly start: Position;
  readonly end: Position;
}

/**
 * Turns offsets into positions. Line starts are found once per source, and
 * single-line sources (the common case) skip the search entirely.
 * Line breaks are `\n`, `\r\n` and `\r`.
 */
export class LineIndex {
  private readonly starts: number[] | null;

  /**
   * With `locate` false, every position is NO_SPAN's: the compilers parse that
   * way first, since a compiled filter never reads a span, and parse again
   * located only to report an error. One class either way, so the parser's
   * calls here stay monomorphic (two classes measured slower than either).
   */
  constructor(
    readonly source: string,
    readonly locate = true,
  ) {
    if (typeof source !== "string") throw new TypeError(`LineIndex takes the source text (a string), not ${describeValue(source)}`);
    let starts: number[] | null = null;
    // Most filters are one line: two native searches settle that without a loop in JavaScript.
    const first = !locate || (source.indexOf("\n") < 0 && source.indexOf("\r") < 0) ? source.length : 0;
    for (let i = first; i < source.length; i++) {
      const c = source.charCodeAt(i);
      if (c === 10 || c === 13) {
        if (c === 13 && source.charCodeAt(i + 1) === 10) i++;
        (starts ??= [0]).push(i + 1);
      }
    }
    this.starts = starts;
  }

  position(offset: number): Position {
    if (!this.locate) return NO_SPAN.start;
    if (typeof offset !== "number" || !(offset >= 0 && offset <= this.source.length) || !Number.isInteger(offset)) {
      throw new TypeError(`LineIndex.position takes an offset, a whole number from 0 to the source's length (${this.source.length}), not ${describeValue(offset)}`);
    }
    const starts = this.starts;
    if (starts === null) return { offset, line: 1, column: offset + 1 };
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { offset, line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  span(start: number, end: number): Span {
    if (!this.locate) return NO_SPAN;
    return { start: this.position(start), end: this.position(end) };
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const starts = this.starts;
    if (starts === null) return this.source;
    const from = starts[line - 1] ?? this.source.length;
    let to = starts[line] ?? this.source.length;
    while (to > from && (this.source.charCodeAt(to - 1) === 10 || this.source.charCodeAt(to - 1) === 13)) to--;
    return this.source.slice(from, to);
  }

  get lineCount(): number {
    return this.starts === null ? 1 : this.starts.length;
  }
}

/** Span of a JSON path in a filter that did not come from text, such as one checked by validateListFilter. */
export const NO_SPAN: Span = Object.freeze({
  start: Object.freeze({ offset: 0, line: 1, column: 1 }),
  end: Object.freeze({ offset: 0, line: 1, column: 1 }),
});

/** Whether a value is a well-formed Span: two positions of whole numbers (offset from 0, line and column from 1), in order. */
export function isSpan(span: unknown): span is Span {
  if (typeof span !== "object" || span === null) return false;
  const { start, end } = span as { start: unknown; end: unknown };
  return isPosition(start) && isPosition(end) && (end as Position).offset >= (start as Position).offset;
}

function isPosition(p: unknown): p is Position {
  if (typeof p !== "object" || p === null) return false;
  const { offset, line, column } = p as { offset: unknown; line: unknown; column: unknown };
  return isCount(offset, 0) && isCount(line, 1) && isCount(column, 1);
}

function isCount(n: unknown, from: number): boolean {
  return typeof n === "number" && Number.isSafeInteger(n) && n >= from;
}
