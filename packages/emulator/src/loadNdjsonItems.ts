import { EmulatorError } from "./EmulatorError.js";
import { jsonErrorPosition } from "./jsonErrorPosition.js";
import { readTextFile } from "./readTextFile.js";
import type { Item } from "./types.js";

/** Items from NDJSON text: one JSON object per line; blank lines are skipped. `file` names the source in errors. */
export function parseNdjsonItems(text: string, file: string): Item[] {
  const items: Item[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.endsWith("\r") ? lines[i]!.slice(0, -1) : lines[i]!;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const at = jsonErrorPosition(line, error);
      throw new EmulatorError("E_FILE_JSON", `not valid JSON${at === undefined ? "" : ` at column ${at.column}`}`, { file, line: i + 1 });
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new EmulatorError("E_FILE_SHAPE", "each line must be one JSON object (an item)", { file, line: i + 1 });
    }
    items.push(value as Item);
  }
  return items;
}

/** Reads an NDJSON file of items, one JSON object per line. Errors are EmulatorError with the file and line. */
export async function loadNdjsonItems(file: string): Promise<Item[]> {
  return parseNdjsonItems(await readTextFile(file), file);
}
