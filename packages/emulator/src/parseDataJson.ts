import { JsonNumberError, parseJson } from "@itemfilter/core";
import { EmulatorError } from "./EmulatorError.js";
import { lineAndColumn } from "./jsonErrorPosition.js";
import { unheldNumber } from "./unheldNumber.js";

/**
 * JSON text of data (a data file, a line of one) to its value with every
 * number exact: a number a double holds is a plain number, any other an
 * ExactNumber. Core's parseJson already leaves text with no long number to
 * JSON.parse alone, behind the same quick test. Throws JSON.parse's SyntaxError,
 * or core's JsonNumberError for a number no store holds (1e400, 39 digits).
 */
export function parseDataJson(text: string): unknown {
  return parseJson(text);
}

/**
 * E_FILE_JSON for a number no store holds, naming where it is in the value
 * (core's message) and its column (and line, when `line` is not given: the
 * text is a whole file). Any other error is returned as it is.
 */
export function unheldNumberError(error: unknown, text: string, file: string, line?: number): unknown {
  if (!(error instanceof JsonNumberError)) return error;
  const found = unheldNumber(text, error.number);
  const at = found === undefined ? undefined : lineAndColumn(text, found.offset);
  const message = `${error.message}; write it as a string to keep it${at === undefined ? "" : ` (column ${at.column})`}`;
  const lineNumber = line ?? at?.line;
  return new EmulatorError("E_FILE_JSON", message, lineNumber === undefined ? { file } : { file, line: lineNumber });
}
