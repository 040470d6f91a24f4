import { buildAccessList } from "./accessList.js";
import { EmulatorError } from "./EmulatorError.js";
import { parseJsonFile } from "./parseJsonFile.js";
import { repeatedMember } from "./repeatedMember.js";
import type { Credentials } from "./types.js";

/** An access file, checked: what createEmulator takes as `credentials`. */
export interface AccessFile {
  credentials: Credentials[];
  /** The credentials that give their token itself rather than its SHA-256 (`credentials[2]`), for a warning. */
  plainTokens: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads the text of an access file, `{"credentials": [...]}` (the
 * credentials createEmulator takes, each application key once), and checks
 * all of it: unknown members, a member given twice, a scope that does not
 * parse, a hash that is not 64 hex digits... Each problem is an EmulatorError
 * (E_FILE_JSON or E_FILE_SHAPE) that names the file and the member, never a token.
 */
export function parseAccessFile(text: string, file: string): AccessFile {
  const value = parseJsonFile(text, file);
  const shape = (message: string): never => {
    throw new EmulatorError("E_FILE_SHAPE", message, { file });
  };
  if (!isObject(value)) shape('the file must hold an object {"credentials": [...]}');
  const top = value as Record<string, unknown>;
  for (const name of Object.keys(top)) if (name !== "credentials") shape(`unknown member ${JSON.stringify(name.slice(0, 40))}; the file holds only "credentials"`);
  if (!Array.isArray(top.credentials) || top.credentials.length === 0) shape('"credentials" must be a non-empty array of {applicationKey, authenticationTokenSha256, tables}');
  const repeated = repeatedMember(text);
  if (repeated !== undefined) shape(`${repeated} is given twice; JSON would keep only the last, so say it once`);
  const credentials = top.credentials as Credentials[];
  buildAccessList(credentials, (member, problem) => shape(`${member} ${problem}`), { uniqueKeys: true });
  const plainTokens = credentials.flatMap((c, i) => (c.authenticationToken === undefined ? [] : [`credentials[${i}]`]));
  return { credentials, plainTokens };
}
