import { EmulatorError } from "./EmulatorError.js";
import { jsonErrorPosition } from "./jsonErrorPosition.js";

/**
 * The value of a file's JSON text, or E_FILE_JSON naming the file, line and
 * column. V8's own message quotes the text around the error (which may hold a
 * secret, such as a token): only the position is given.
 */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = jsonErrorPosition(text, error);
    throw new EmulatorError("E_FILE_JSON", `not valid JSON${at === undefined ? "" : ` (column ${at.column})`}`, at === undefined ? { file } : { file, line: at.line });
  }
}
