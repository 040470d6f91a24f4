import { createHash, timingSafeEqual } from "node:crypto";
import { memberPath } from "./memberPath.js";
import { prepareScope, type TableScope } from "./tableScope.js";

/** What one authenticated credential may read. */
export interface Grant {
  /** Whether it may read the table; one it may not is answered exactly as one that does not exist. */
  mayRead(table: string): boolean;
  /** The scope every item it reads from the table must satisfy, or undefined for every item. */
  scope(table: string): TableScope | undefined;
}

/** The credentials an emulator lets in, checked and made ready once. */
export interface AccessList {
  /** The grant of the credential with this key and token, or undefined (answered 401). */
  authenticate(applicationKey: string, authenticationToken: string): Grant | undefined;
}

export interface AccessListOptions {
  /** Refuse a second credential with the same application key (an access file does); otherwise a key may have several tokens, each with its own tables. */
  uniqueKeys?: boolean;
}

/** Reports a problem with a member of the credentials (`credentials[0].tables.orders.scope`) and throws. */
export type AccessProblem = (member: string, problem: string) => never;

const CREDENTIAL_MEMBERS = ["applicationKey", "authenticationToken", "authenticationTokenSha256", "tables"];
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
const EVERY_TABLE: Grant = { mayRead: () => true, scope: () => undefined };

const sha256 = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();
const EMPTY_DIGEST = sha256("");
/** The most presented tokens whose digests are kept; past this the memory is emptied (tokens sprayed at it cost only their hashing). */
const MAX_REMEMBERED_TOKENS = 64;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The one unknown member of an object, quoted for a message, or undefined. */
function unknownMember(value: Record<string, unknown>, known: readonly string[]): string | undefined {
  const name = Object.keys(value).find((n) => !known.includes(n));
  return name === undefined ? undefined : JSON.stringify(name.length > 40 ? `${name.slice(0, 39)}…` : name);
}

/** A credential's `tables`: each name with its prepared scope, or undefined for none. */
function readTables(value: unknown, path: string, fail: AccessProblem): Map<string, TableScope | undefined> {
  if (!isObject(value)) fail(path, 'must be an object of tables by name, such as {"orders": {"scope": "tenant = \\"t1\\""}, "products": {}}');
  const tables = new Map<string, TableScope | undefined>();
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) fail(path, "lists no table, so the credential could read nothing; list its tables, or leave out tables for every table");
  for (const [name, access] of entries) {
    const at = memberPath(path, name);
    if (!isObject(access)) fail(at, 'must be an object: {} for every item, or {"scope": "…"} for the items a filter selects');
    const unknown = unknownMember(access as Record<string, unknown>, ["scope"]);
    if (unknown !== undefined) fail(at, `has an unknown member ${unknown}; a table takes only "scope"`);
    const { scope } = access as { scope?: unknown };
    if (scope === undefined) {
      tables.set(name, undefined);
      continue;
    }
    if (typeof scope !== "string") fail(`${at}.scope`, "must be a string: a filter, such as tenant = \"t1\"");
    const prepared = prepareScope(scope as string);
    if (typeof prepared === "string") fail(`${at}.scope`, prepared);
    tables.set(name, prepared as TableScope);
  }
  return tables;
}

/** The SHA-256 a credential stores its token as; the token itself is never part of a message. */
function readDigest(credential: Record<string, unknown>, path: string, fail: AccessProblem): Buffer {
  const { authenticationToken: token, authenticationTokenSha256: hash } = credential;
  if (token !== undefined && hash !== undefined) fail(path, "has both authenticationToken and authenticationTokenSha256; give one (the SHA-256, in a file)");
  if (hash !== undefined) {
    if (typeof hash !== "string" || !SHA256_HEX.test(hash)) fail(`${path}.authenticationTokenSha256`, "must be 64 hexadecimal digits: the SHA-256 of the token's UTF-8 bytes");
    const digest = Buffer.from(hash as string, "hex");
    if (digest.equals(EMPTY_DIGEST)) fail(`${path}.authenticationTokenSha256`, "is the SHA-256 of the empty string, which would let in an empty token; hash the token itself (printf %s \"$TOKEN\" | sha256sum)");
    return digest;
  }
  if (token === undefined) fail(path, "needs authenticationTokenSha256 (the SHA-256 of the token, in hex) or authenticationToken");
  if (typeof token !== "string" || token === "") fail(`${path}.authenticationToken`, "must be a non-empty string");
  return sha256(token as string);
}

/**
 * Checks the credentials an emulator is given and makes them ready:
 * tokens as SHA-256 digests, compared in constant time; each scope parsed
 * once. Every problem names the member (never a token) through `fail`.
 */
export function buildAccessList(credentials: unknown, fail: AccessProblem, options: AccessListOptions = {}): AccessList {
  const path = "credentials";
  if (!Array.isArray(credentials)) fail(path, "must be an array of {applicationKey, authenticationTokenSha256 or authenticationToken, tables}");
  const byKey = new Map<string, { digest: Buffer; grant: Grant }[]>();
  const firstAt = new Map<string, number>();
  (credentials as unknown[]).forEach((credential, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(credential)) fail(at, "must be an object {applicationKey, authenticationTokenSha256 or authenticationToken, tables}");
    const c = credential as Record<string, unknown>;
    const unknown = unknownMember(c, CREDENTIAL_MEMBERS);
    if (unknown !== undefined) fail(at, `has an unknown member ${unknown}; a credential takes ${CREDENTIAL_MEMBERS.join(", ")}`);
    const key = c.applicationKey;
    if (typeof key !== "string" || key === "") fail(`${at}.applicationKey`, "must be a non-empty string");
    // Positions only: an application key is treated as a secret too.
    const earlier = firstAt.get(key as string);
    if (earlier !== undefined && options.uniqueKeys === true) fail(`${at}.applicationKey`, `is the same as ${path}[${earlier}]'s; each application key is listed once`);
    if (earlier === undefined) firstAt.set(key as string, i);
    const digest = readDigest(c, at, fail);
    let grant = EVERY_TABLE;
    if (c.tables !== undefined) {
      const tables = readTables(c.tables, `${at}.tables`, fail);
      grant = { mayRead: (name) => tables.has(name), scope: (name) => tables.get(name) };
    }
    const entries = byKey.get(key as string);
    if (entries === undefined) byKey.set(key as string, [{ digest, grant }]);
    else entries.push({ digest, grant });
  });
  // Compared against when the key is unknown, so an unknown key takes as long as a wrong token.
  const nobody = [{ digest: EMPTY_DIGEST, grant: undefined }];
  // A client sends the same token with every request, and hashing it was a quarter of a small in-process
  // request's time (1.6 of 5.6 µs). A hit tells only that this very token was sent before, nothing of how
  // close it is to a real one: the comparison that decides is still the digests', in constant time.
  const digests = new Map<string, Buffer>();
  const digestOf = (token: string): Buffer => {
    let digest = digests.get(token);
    if (digest === undefined) {
      if (digests.size >= MAX_REMEMBERED_TOKENS) digests.clear();
      digests.set(token, (digest = sha256(token)));
    }
    return digest;
  };
  return {
    authenticate(applicationKey, authenticationToken) {
      const digest = digestOf(authenticationToken);
      let granted: Grant | undefined;
      // Every token of the key is compared, whichever matches.
      for (const entry of byKey.get(applicationKey) ?? nobody) if (timingSafeEqual(digest, entry.digest) && granted === undefined) granted = entry.grant;
      return granted;
    },
  };
}
