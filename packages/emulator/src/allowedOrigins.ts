/** An origin to show in a message: quoted, shortened, on one line. */
const quoted = (text: string): string => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
const EXAMPLE = '"http://localhost:5173"';

/**
 * Why `text` is not an origin that allowedOrigins (and `itemfilter serve
 * --allow-origin`) takes, or undefined when it is one. An origin is compared
 * with the request's Origin header as text, so it must be written exactly as
 * a browser sends it: `scheme://host[:port]`, lower case, no default port.
 */
export function originProblem(text: unknown): string | undefined {
  if (typeof text !== "string" || text === "") return `must be an origin such as ${EXAMPLE}`;
  if (text === "*") {
    // With "*", any site the user visits could read this server with the public demo credentials, or any a page holds.
    return `"*" is refused: every request carries an application key and token (the demo ones are public), so any web page could read this server; list each page's origin, such as ${EXAMPLE}`;
  }
  // A browser sends one origin; a pattern would never match it, and this check never matches patterns.
  if (text.includes("*")) return `${quoted(text)} is refused: origins are listed one by one, with no wildcard; list each page's origin, such as ${EXAMPLE}`;
  if (text === "null") return '"null" is refused: it is the origin of every sandboxed frame and local file, whatever their site; serve the page over http(s) and list its origin';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `${quoted(text)} is not an origin: write scheme://host[:port], such as ${EXAMPLE}`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `${quoted(text)} is not an http:// or https:// origin`;
  // User info may be a password: it is not shown back.
  if (url.username !== "" || url.password !== "") return `an origin has no user info: write "${url.origin}"`;
  if (url.origin !== text) return `${quoted(text)} is not an origin as a browser sends it (scheme://host[:port]: no path, query or wildcard, lower case, no default port): write "${url.origin}"`;
  return undefined;
}

/** Access-Control-Max-Age: how long a browser may keep a preflight's answer (Chromium keeps at most 2 hours). */
const PREFLIGHT_MAX_AGE_S = 600;

/** What a request's Origin header makes of it. */
export type OriginVerdict =
  /** No CORS: the emulator was not given allowedOrigins, or the request has no Origin, or comes from the server's own origin. */
  | "none"
  /** A listed origin: it gets the CORS headers. */
  | "allowed"
  /** Another origin, while allowedOrigins is set: refused with 403. */
  | "refused";

/**
 * How to treat a request's Origin. A page on the server's own origin (its
 * Origin names the Host the request was sent to) needs no CORS and is served,
 * as is any request while `allowed` is undefined: without allowedOrigins the
 * emulator does not look at Origin, so a proxy that forwards its page's
 * Origin (Vite's server.proxy, say) keeps working.
 */
export function originVerdict(origin: string | undefined, host: string | undefined, allowed: ReadonlySet<string> | undefined): OriginVerdict {
  if (allowed === undefined || origin === undefined) return "none";
  if (allowed.has(origin)) return "allowed";
  if (host !== undefined && sameHost(origin, host)) return "none";
  return "refused";
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host.trim().toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The headers every answer to a request with this Origin carries: the CORS
 * ones for a listed origin (with Retry-After readable by the page, which the
 * client reads on a 429 or 503), and `Vary: Origin` whenever allowedOrigins is
 * set, since the answer then depends on it.
 */
export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string> | undefined): Record<string, string> {
  if (allowed === undefined) return {};
  if (origin === undefined || !allowed.has(origin)) return { Vary: "Origin" };
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": "Retry-After", Vary: "Origin" };
}

/**
 * What the answer to a preflight (OPTIONS with Access-Control-Request-Method)
 * from a listed origin adds to corsHeaders: POST, with the two headers the
 * client sends. A page on a public site that asks to reach this private
 * address (Chromium's Private Network Access) is let through too: its origin
 * was listed on purpose.
 */
export function preflightHeaders(requestPrivateNetwork: string | string[] | undefined): Record<string, string> {
  return {
    "Access-Control-Allow-Methods": "POST",
    "Access-Control-Allow-Headers": "Content-Type, Accept",
    "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_S),
    ...(requestPrivateNetwork === "true" ? { "Access-Control-Allow-Private-Network": "true" } : {}),
  };
}

/** The refusal of a request whose Origin is not listed, naming the setting that would let it in. */
export function refusedOriginMessage(origin: string, allowed: ReadonlySet<string>): string {
  return `the Origin ${quoted(origin)} is not allowed (allowedOrigins: ${[...allowed].join(", ")}); to let that page call this server, add its origin (itemfilter serve --allow-origin ORIGIN)`;
}
