import { escapeForDisplay, isNumberValue, stringifyJson } from "@itemfilter/core";

type Item = Record<string, unknown>;

const MAX_CELL = 40;

/**
 * Items as a text table: one column per attribute, in order of first
 * appearance, so the primary key usually comes first. Missing attributes are
 * blank; long values are cut with an ellipsis. Attribute names are data
 * too, so headers are escaped as cells are.
 */
export function formatTable(items: readonly Item[]): string {
  if (items.length === 0) return "(no items)";
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    for (const name of Object.keys(item)) {
      if (seen.has(name)) continue;
      seen.add(name);
      columns.push(name);
    }
  }
  const rows = items.map((item) => columns.map((name) => cell(Object.hasOwn(item, name) ? item[name] : undefined)));
  const header = columns.map((name) => shown(name));
  // A loop, not Math.max(...rows): spreading 200,000 rows overflows the stack.
  const widths = header.map((name) => width(name));
  for (const row of rows) for (let c = 0; c < columns.length; c++) widths[c] = Math.max(widths[c]!, width(row[c]!));
  const numeric = columns.map((name) => items.every((item) => item[name] === undefined || isNumberValue(item[name])));
  const line = (cells: string[]): string =>
    cells
      .map((text, c) => (numeric[c] ? pad(text, widths[c]!, true) : pad(text, widths[c]!, false)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  ")].concat(rows.map(line)).join("\n");
}

function cell(value: unknown): string {
  if (value === undefined) return "";
  return shown(typeof value === "string" ? value : stringifyJson(value));
}

/**
 * One row per item: line breaks and tabs would break the layout, and other
 * control characters (an ANSI escape in the data, which could retitle or clear
 * the terminal) and bidi controls (which reorder what is shown) must not reach
 * the terminal, so they become `\uXXXX`.
 */
function shown(text: string): string {
  return clip(escapeForDisplay(text.replace(/[\r\n\t]+/g, " ")));
}

function clip(text: string): string {
  const chars = [...text];
  return chars.length > MAX_CELL ? `${chars.slice(0, MAX_CELL - 1).join("")}…` : text;
}

/** Columns by code point; wide (East Asian) characters are rare in these tables and only misalign, never break. */
function width(text: string): number {
  return [...text].length;
}

function pad(text: string, to: number, right: boolean): string {
  const gap = " ".repeat(Math.max(0, to - width(text)));
  return right ? gap + text : text + gap;
}
