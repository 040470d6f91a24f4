import { compileList, compileQuery, formatDiagnostics, isFilterError, type Schema } from "@itemfilter/core";

/**
 * The exact caret diagnostics core gives for a filter, plus the newline the
 * CLI adds: the CLI must print core's text unchanged, whatever its wording.
 */
export function diagnostics(source: string, mode: "list" | "query", secondaryKey?: string, schema?: Schema, firstLine?: number): string {
  try {
    if (mode === "list") compileList(source, schema === undefined ? {} : { schema });
    else compileQuery(source, secondaryKey === undefined ? {} : { secondaryKey });
  } catch (error) {
    if (isFilterError(error)) return `${formatDiagnostics(source, error, firstLine === undefined ? {} : { firstLine })}\n`;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(source)} to be rejected`);
}
