import { EmulatorError } from "./EmulatorError.js";
import { jsonErrorPosition } from "./jsonErrorPosition.js";
import { parseDataJson, unheldNumberError } from "./parseDataJson.js";
import { readTextFile } from "./readTextFile.js";
import type { Item } from "./types.js";

/** Items of NDJSON text with the 1-based line each came from. */
export interface NdjsonItems {
  items: Item[];
  lines: number[];
}

/**
 * Items from NDJSON text, with their lines: one JSON object per line; blank
 * lines are skipped. Numbers are exact (parseDataJson); one no store holds
 * (1e400, 39 digits) is refused with its line and column, never rounded. `file` names the source in errors.
 */
export function parseNdjsonLines(text: string, file: string): NdjsonItems {
  const items: Item[] = [];
  const lines: number[] = [];
  const all = text.split("\n");
  for (let i = 0; i < all.length; i++) {
    const item = parseNdjsonLine(all[i]!, i + 1, file);
    if (item === undefined) continue;
    items.push(item);
    lines.push(i + 1);
  }
  return { items, lines };
}

/**
 * One line of NDJSON (without its "\n"; a "\r" before it is dropped): the
 * item, or undefined for a blank line. A line that is not one JSON object, or
 * holds a number no store holds, is an EmulatorError with its line.
 */
export function parseNdjsonLine(raw: string, lineNumber: number, file: string): Item | undefined {
  const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
  if (line.trim() === "") return undefined;
  let value: unknown;
  try {
    value = parseDataJson(line);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw unheldNumberError(error, line, file, lineNumber);
    const at = jsonErrorPosition(line, error);
    throw new EmulatorError("E_FILE_JSON", `not valid JSON${at === undefined ? "" : ` at column ${at.column}`}`, { file, line: lineNumber });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new EmulatorError("E_FILE_SHAPE", "each line must be one JSON object (an item)", { file, line: lineNumber });
  }
  return value as Item;
}

/** Items from NDJSON text: one JSON object per line; blank lines are skipped. `file` names the source in errors. */
export function parseNdjsonItems(text: string, file: string): Item[] {
  return parseNdjsonLines(text, file).items;
}

/** Reads an NDJSON file of items, one JSON object per line. Errors are EmulatorError with the file and line. */
export async function loadNdjsonItems(file: string): Promise<Item[]> {
  return parseNdjsonItems(await readTextFile(file), file);
}

/** Reads an NDJSON file of items with the line of each, as parseNdjsonLines. */
export async function loadNdjsonLines(file: string): Promise<NdjsonItems> {
  return parseNdjsonLines(await readTextFile(file), file);
}
