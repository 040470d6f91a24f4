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
