/*
 * What findPage's two cursors (pageCursor.ts, orderCursor.ts) share: the
 * base64url text they travel as, and the `now` they carry, read before the
 * page is planned.
 */

export function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text, or undefined when it is not base64url of UTF-8. */
export function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The `now` a cursor of at most `maxLength` characters carries (its `n`), or
 * undefined. Not trusted yet: reading the cursor checks the seal, over the
 * plan made with it, so an altered `now` plans another filter and is refused.
 */
export function cursorNowOf(cursor: unknown, maxLength: number): number | undefined {
  if (typeof cursor !== "string" || cursor.length > maxLength) return undefined;
  const text = fromBase64Url(cursor);
  try {
    const body: unknown = text === undefined ? undefined : JSON.parse(text);
    const n = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).n : undefined;
    return Number.isSafeInteger(n) ? (n as number) : undefined;
  } catch {
    return undefined;
  }
}
