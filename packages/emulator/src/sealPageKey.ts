import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { parseJson, stringifyJson } from "@itemfilter/core";
import type { PageKey } from "./runListItems.js";

/** What a sealed key is bound to: it opens only for the same operation, table and scope. */
export interface SealBinding {
  operation: string;
  table: string;
  scope: string;
}

/** Seals and opens page keys with one secret: AES-256-GCM, a fresh 96-bit nonce per key. */
export interface PageKeySeal {
  seal(key: PageKey, binding: SealBinding): string;
  /** The key a `seal` made under this binding, or undefined for anything else (altered, foreign, another secret). */
  open(sealed: string, binding: SealBinding): PageKey | undefined;
}

/** The longest sealed key opened: a page key holds at most a table's and an index's keys (DynamoDB's are 3 KB at most). */
const MAX_SEALED_LENGTH = 16_384;

const aad = (b: SealBinding): Buffer => Buffer.from(JSON.stringify([b.operation, b.table, b.scope]), "utf8");

/**
 * A page key's position hidden from the caller: a scoped read that stops at a
 * read budget may stop on an item outside the scope, whose key the caller
 * must not learn, and which it must still be able to go on from. The key
 * is encrypted and authenticated with the server's secret (by default 32
 * random bytes made when the server starts, so a sealed key does not outlive
 * it), so the caller can neither read it nor make one, and two seals of one
 * key differ.
 */
export function pageKeySeal(secret: Uint8Array = randomBytes(32)): PageKeySeal {
  if (secret.length !== 32) throw new RangeError("the page key secret must be 32 bytes");
  const key = Buffer.from(secret);
  return {
    seal(pageKey, binding) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad(binding));
      const body = Buffer.concat([cipher.update(stringifyJson(pageKey), "utf8"), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
    },
    open(sealed, binding) {
      if (sealed.length > MAX_SEALED_LENGTH || !/^[A-Za-z0-9_-]+$/.test(sealed)) return undefined;
      const bytes = Buffer.from(sealed, "base64url");
      if (bytes.length < 12 + 16 + 2) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
        decipher.setAAD(aad(binding));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString("utf8");
        return parseJson(text) as PageKey;
      } catch {
        return undefined;
      }
    },
  };
}
