/** What stands in for a secret in any text the client produces. */
export const REDACTED = "[REDACTED]";

/** Shortest start of a secret that is redacted on its own. */
const MIN_PREFIX = 12;

/**
 * The ways a secret can appear in text: as is, inside a JSON string, and
 * URL-encoded; and any start of it at least MIN_PREFIX long, since a
 * service's message may quote a cut-off excerpt of a value that held it.
 */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  let url = secret;
  try {
    url = encodeURIComponent(secret);
  } catch {
    // A lone surrogate cannot be URL-encoded, so it cannot appear that way either.
  }
  const prefixes: string[] = [];
  for (let k = MIN_PREFIX; k < secret.length; k++) prefixes.push(secret.slice(0, k));
  return [...new Set([secret, json, url, url.replace(/%20/g, "+"), ...prefixes])];
}

/**
 * A function that removes every secret from a text. Longer forms go first so
 * one secret inside another is not left half-shown.
 */
export function secretRedactor(secrets: readonly string[]): (text: string) => string {
  const all = secrets.filter((s) => s.length > 0).flatMap(forms);
  all.sort((a, b) => b.length - a.length);
  if (all.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const form of all) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
}

/** Text from outside (a body, a service message) as one short line: redacted, control characters and runs of space collapsed, then cut. */
export function excerpt(text: string, redact: (text: string) => string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const line = redact(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A copy of a platform error that is safe to keep as `cause`: the same name,
 * message and stack with secrets removed, and its `code` (such as
 * ECONNREFUSED). Nothing else is copied, so no request or socket object
 * comes along for util.inspect to print.
 */
export function sanitizeError(error: unknown, redact: (text: string) => string): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redact(source.message));
  copy.name = source.name;
  copy.stack = redact(source.stack ?? `${source.name}: ${source.message}`);
  const code = (source as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") Object.defineProperty(copy, "code", { value: code, enumerable: true });
  // undici puts the real reason (ECONNREFUSED…) in `cause`.
  const inner = (source as { cause?: unknown }).cause;
  if (inner instanceof Error && inner !== source) Object.defineProperty(copy, "cause", { value: sanitizeError(inner, redact), enumerable: false });
  return copy;
}
