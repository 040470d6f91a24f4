import { isExactNumber, stringifyJson } from "@itemfilter/core";
import { readOwnJson } from "./ownJson.js";
import { holdsSecret } from "./redact.js";
import type { HttpRequest } from "./types.js";

/** A secret and what stands in for it. */
export type Swap = readonly [secret: string, placeholder: string];

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/**
 * The placeholder for a piece of text that holds a secret, or undefined.
 * A piece that holds one is replaced WHOLE, never cut around the secret:
 * cutting a short secret (one character, say) out of text garbles the text
 * and, by what went missing, shows the secret. A short secret counts only
 * where it stands whole (holdsSecret), so `t` does not take `Content-Type`.
 */
function hidden(piece: string, swaps: readonly Swap[], decoded = piece): string | undefined {
  for (const [secret, placeholder] of swaps) if (holdsSecret(piece, secret) || holdsSecret(decoded, secret)) return placeholder;
  return undefined;
}

function redactValue(value: unknown, swaps: readonly Swap[]): unknown {
  if (typeof value === "string") return hidden(value, swaps) ?? value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, swaps));
  if (typeof value === "object" && value !== null && !isExactNumber(value)) {
    // Member names are the protocol's own (table, filter, item…), so only values are looked at.
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(value)) {
      // defineProperty, so a member named __proto__ stays a member.
      Object.defineProperty(out, name, { value: redactValue(v, swaps), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** The body with the credential members set to their placeholders and any other string that holds a secret replaced whole. */
function redactBody(body: string, swaps: readonly Swap[], members: readonly [string, string][]): string {
  let parsed: unknown;
  try {
    parsed = readOwnJson(body);
  } catch {
    return hidden(body, swaps) ?? body;
  }
  const redacted = redactValue(parsed, swaps);
  if (typeof redacted === "object" && redacted !== null && !Array.isArray(redacted)) {
    const object = redacted as Record<string, unknown>;
    for (const [name, placeholder] of members) if (typeof (parsed as Record<string, unknown>)[name] === "string") object[name] = placeholder;
  }
  return stringifyJson(redacted);
}

/** The URL with every part that holds a secret (host, user info, a path segment, a query name or value, the fragment) replaced whole. */
function redactUrl(url: string, swaps: readonly Swap[]): string {
  if (hidden(url, swaps, decode(url)) === undefined) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return hidden(url, swaps, decode(url))!;
  }
  const part = (text: string): string => (text === "" ? text : (hidden(text, swaps, decode(text)) ?? text));
  const user = parsed.username === "" && parsed.password === "" ? "" : `${part(parsed.username)}${parsed.password === "" ? "" : `:${part(parsed.password)}`}@`;
  const host = part(parsed.hostname) + (parsed.port === "" ? "" : `:${parsed.port}`);
  const path = parsed.pathname.split("/").map(part).join("/");
  const query = parsed.search === "" ? "" : `?${parsed.search.slice(1).split("&").map((pair) => pair.split("=").map(part).join("=")).join("&")}`;
  const hash = parsed.hash === "" ? "" : `#${part(parsed.hash.slice(1))}`;
  return `${parsed.protocol}//${user}${host}${path}${query}${hash}`;
}

/**
 * A copy of a request safe to show: the credential members of the body
 * (`applicationKey`, `authenticationToken`) as their placeholders, and every
 * other piece of URL, header or body that holds a secret replaced whole by
 * its placeholder. Shared by util.inspect of a built request and toCurl.
 */
export function redactRequest(request: HttpRequest, swaps: readonly Swap[], members: readonly [string, string][]): HttpRequest {
  const live = swaps.filter(([secret]) => secret !== "");
  // Longer secrets first, so one that contains another is named by its own placeholder.
  live.sort((a, b) => b[0].length - a[0].length);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = hidden(value, live) ?? value;
  return { method: request.method, url: redactUrl(request.url, live), headers, body: redactBody(request.body, live, members) };
}
