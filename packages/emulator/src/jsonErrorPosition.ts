/** The 1-based line and column of a JSON.parse failure, read from V8's "position N" when it gives one. */
export function jsonErrorPosition(text: string, error: unknown): { line: number; column: number } | undefined {
  const message = error instanceof SyntaxError ? error.message : "";
  const match = /position (\d+)/.exec(message);
  if (match === null && !/end of JSON/.test(message)) return undefined;
  return lineAndColumn(text, match === null ? text.length : Math.min(Number(match[1]), text.length));
}

/** The 1-based line and column of an offset in text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
