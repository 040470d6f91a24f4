import { createHash } from "node:crypto";

/**
 * SHA-256 of the text's UTF-8 bytes, in base64: what tells two items apart
 * when their keys are unknown. Node's own hash here; the browser build uses
 * digest.browser.ts, which gives the same string for every text.
 */
export function digest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}
