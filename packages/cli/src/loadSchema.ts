import type { Schema } from "@itemfilter/core";
import type { CliContext } from "./cliContext.js";
import { usageError } from "./cliError.js";
import { MAX_BYTES, readUserFile } from "./readText.js";

const TYPES = new Set(["string", "number"]);

/**
 * Reads a schema file in the core's format. Its shape is checked here so a
 * typo in the file is a usage error naming the file, not a crash later.
 */
export async function loadSchema(ctx: CliContext, file: string): Promise<Schema> {
  const read = await readUserFile(ctx, file, "schema file", MAX_BYTES.schema);
  // A byte order mark is accepted, as in data files (their decoder drops it).
  const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw usageError(`the schema file '${file}' is not JSON: ${(error as Error).message}`);
  }
  return checkSchema(value, file);
}

export function checkSchema(value: unknown, file: string): Schema {
  const bad = (why: string) => usageError(`the schema file '${file}' ${why}; expected {"attributes": {"age": {"type": "number"}}}`);
  if (!isObject(value) || !isObject(value.attributes)) throw bad("has no \"attributes\" object");
  for (const [name, spec] of Object.entries(value.attributes)) {
    if (!isObject(spec)) throw bad(`gives attribute '${name}' a value that is not an object`);
    if (spec.type !== undefined && !TYPES.has(spec.type as string)) throw bad(`gives attribute '${name}' a type other than "string" or "number"`);
    if (spec.array !== undefined && typeof spec.array !== "boolean") throw bad(`gives attribute '${name}' an array that is not true or false`);
    if (spec.caseInsensitive !== undefined && typeof spec.caseInsensitive !== "boolean") throw bad(`gives attribute '${name}' a caseInsensitive that is not true or false`);
    if (spec.folded !== undefined && (typeof spec.folded !== "string" || spec.folded === "")) throw bad(`gives attribute '${name}' a folded that is not an attribute's name`);
    if (spec.folded !== undefined && spec.caseInsensitive !== true) throw bad(`gives attribute '${name}' a folded copy but not caseInsensitive: true`);
    if (spec.aliases !== undefined && !(Array.isArray(spec.aliases) && spec.aliases.every((a) => typeof a === "string"))) {
      throw bad(`gives attribute '${name}' aliases that are not a list of strings`);
    }
  }
  if (value.allowUnknown !== undefined && typeof value.allowUnknown !== "boolean") throw bad("has an allowUnknown that is not true or false");
  return value as unknown as Schema;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
