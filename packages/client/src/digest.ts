import { createHash } from "node:crypto";

/**
 * SHA-256 of a text, base64url. The one place findPage's cursors take a
 * digest from, so the hash can move to a pure or Web Crypto one (for
 * browsers) without touching the cursor code.
 */
export function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}
