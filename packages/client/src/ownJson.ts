import { JsonNumberError, parseJson } from "@itemfilter/core";

/**
 * JSON text the client wrote itself (a request body), read back with every
 * number exact. A number no store holds can only have come from a double
 * given as filter JSON (`1e300`), which JSON.parse reads back unchanged, so
 * such text is JSON.parse's: reading back never fails where writing did not.
 */
export function readOwnJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch (error) {
    if (error instanceof JsonNumberError) return JSON.parse(text) as unknown;
    throw error;
  }
}
