import type { HttpRequest } from "./types.js";

export interface ToCurlOptions {
  /** Show `<APP_KEY>` and `<AUTH_TOKEN>` (the service description's placeholders) instead of the credentials; true when left out. */
  redact?: boolean;
}

/** Single-quoted for POSIX shells: nothing inside is special but the quote itself. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A request as a curl command line, to reproduce or share a call. The
 * credentials are replaced by placeholders unless `redact: false`; wherever
 * else their values appear (the URL, say) they are replaced too.
 */
export function toCurl(request: HttpRequest, options: ToCurlOptions = {}): string {
  let { url, body } = request;
  if (options.redact !== false) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      const members = parsed as Record<string, unknown>;
      const swaps: [unknown, string][] = [
        [members.applicationKey, "<APP_KEY>"],
        [members.authenticationToken, "<AUTH_TOKEN>"],
      ];
      for (const [name, placeholder] of [["applicationKey", "<APP_KEY>"], ["authenticationToken", "<AUTH_TOKEN>"]] as const) {
        if (typeof members[name] === "string") members[name] = placeholder;
      }
      body = JSON.stringify(members);
      for (const [secret, placeholder] of swaps) {
        if (typeof secret !== "string" || secret === "") continue;
        for (const form of [secret, encodeURIComponentSafe(secret)]) url = url.split(form).join(placeholder);
        // The secret may also sit inside another member's value.
        body = body.split(JSON.stringify(secret).slice(1, -1)).join(placeholder);
      }
    }
  }
  const headers = Object.entries(request.headers).map(([name, value]) => `-H ${shellQuote(`${name}: ${value}`)}`);
  return ["curl", "-X", request.method, shellQuote(url), ...headers, "--data-raw", shellQuote(body)].join(" ");
}

function encodeURIComponentSafe(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}
