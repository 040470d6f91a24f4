import { redactRequest } from "./redactRequest.js";
import type { HttpRequest } from "./types.js";

export interface ToCurlOptions {
  /** Show `<APP_KEY>` and `<AUTH_TOKEN>` (the service description's placeholders) instead of the credentials; true when left out. */
  redact?: boolean;
}

/** Single-quoted for POSIX shells: nothing inside is special but the quote itself. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const PLACEHOLDERS: [string, string][] = [
  ["applicationKey", "<APP_KEY>"],
  ["authenticationToken", "<AUTH_TOKEN>"],
];

/**
 * A request as a curl command line, to reproduce or share a call. The
 * credentials are replaced by placeholders unless `redact: false`; any other
 * piece of the URL, a header or the body that holds one of them (a filter
 * value, a path segment) is replaced whole by the placeholder, so the command
 * stays well-formed and shows nothing of the secret.
 */
export function toCurl(request: HttpRequest, options: ToCurlOptions = {}): string {
  let shown = request;
  if (options.redact !== false) {
    let members: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) members = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: no credential members to find.
    }
    const swaps = PLACEHOLDERS.flatMap(([name, placeholder]) => (typeof members[name] === "string" ? [[members[name], placeholder] as const] : []));
    shown = redactRequest(request, swaps, PLACEHOLDERS);
  }
  const headers = Object.entries(shown.headers).map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`);
  return ["curl", "-X", shown.method, shellQuote(shown.url), ...headers, "--data-raw", shellQuote(shown.body)].join(" ");
}
