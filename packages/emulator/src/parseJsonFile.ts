import { EmulatorError } from "./EmulatorError.js";
import { jsonErrorPosition } from "./jsonErrorPosition.js";
import { parseDataJson, unheldNumberError } from "./parseDataJson.js";

/**
 * The value of a file's JSON text, or E_FILE_JSON naming the file, line and
 * column. V8's own message quotes the text around the error (which may hold a
 * secret, such as a token): only the position is given. Numbers are exact
 * (parseDataJson); one no store holds is E_FILE_JSON naming it, where it is
 * in the value, and its line and column.
 */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return parseDataJson(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw unheldNumberError(error, text, file);
    const at = jsonErrorPosition(text, error);
    throw new EmulatorError("E_FILE_JSON", `not valid JSON${at === undefined ? "" : ` (column ${at.column})`}`, at === undefined ? { file } : { file, line: at.line });
  }
}
