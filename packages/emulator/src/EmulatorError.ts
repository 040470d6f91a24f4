/** Stable codes of the errors the emulator throws to its caller (never to HTTP clients). */
export type EmulatorErrorCode =
  | "E_OPTIONS"
  | "E_TABLE"
  | "E_ITEM"
  | "E_DUPLICATE_KEY"
  | "E_FILE_READ"
  | "E_FILE_JSON"
  | "E_FILE_SHAPE"
  | "E_STATE";

export interface EmulatorErrorDetails {
  /** The file being loaded, when the problem is in a file. */
  file?: string;
  /** 1-based line of the file, when known. */
  line?: number;
  table?: string;
}

/**
 * A problem with what the emulator was given: its options, a table, or a file
 * it loads. The message is one line that names where the problem is.
 */
export class EmulatorError extends Error {
  readonly code: EmulatorErrorCode;
  readonly file?: string;
  readonly line?: number;
  readonly table?: string;

  constructor(code: EmulatorErrorCode, message: string, details: EmulatorErrorDetails = {}) {
    const where = details.file === undefined ? "" : details.line === undefined ? `${details.file}: ` : `${details.file}:${details.line}: `;
    super(`${code}: ${where}${message}`);
    this.name = "EmulatorError";
    this.code = code;
    if (details.file !== undefined) this.file = details.file;
    if (details.line !== undefined) this.line = details.line;
    if (details.table !== undefined) this.table = details.table;
  }
}
