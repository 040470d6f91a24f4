/** What stands in for a secret in any text the client produces. */
export const REDACTED = "[REDACTED]";

/**
 * Shortest start of a secret that is redacted on its own; also the length
 * under which a secret is short: a short secret is masked only where it
 * stands whole, since its letters also make up ordinary words.
 */
export const MIN_PREFIX = 12;

/** A letter, digit or underscore: what a word is made of. */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

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
 * A short form where it stands whole: not run together with a letter, digit
 * or underscore on a side where the form itself begins or ends with one. So
 * a one-character token `t` is masked as a value (`"t"`), a header
 * (`Bearer t`), a path segment (`/t/`) or a word (`token t here`), never in
 * `there` or `table`.
 */
function wholeForm(form: string): RegExp {
  const chars = [...form];
  const left = WORD_CHAR.test(chars[0]!) ? "(?<![\\p{L}\\p{N}_])" : "";
  const right = WORD_CHAR.test(chars[chars.length - 1]!) ? "(?![\\p{L}\\p{N}_])" : "";
  return new RegExp(`${left}${form.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}${right}`, "gu");
}

/** Whether a text holds a secret: anywhere for a long one, where it stands whole for a short one. */
export function holdsSecret(text: string, secret: string): boolean {
  if (secret.length >= MIN_PREFIX) return text.includes(secret);
  return text.includes(secret) && wholeForm(secret).test(text);
}

/**
 * A function that removes every secret from a text: a long one (MIN_PREFIX
 * characters or more) wherever it appears, with its starts; a short one
 * where it stands whole. Longer forms go first so one secret inside another
 * is not left half-shown.
 */
export function secretRedactor(secrets: readonly string[], placeholder: string = REDACTED): (text: string) => string {
  const all = [...new Set(secrets.filter((s) => s.length > 0).flatMap(forms))];
  all.sort((a, b) => b.length - a.length);
  if (all.length === 0) return (text) => text;
  const steps = all.map((form) => {
    if (form.length >= MIN_PREFIX) return (text: string) => (text.includes(form) ? text.split(form).join(placeholder) : text);
    const whole = wholeForm(form);
    return (text: string) => (text.includes(form) ? text.replace(whole, () => placeholder) : text);
  });
  // No form fits in a shorter text: most strings in an item (names, short values) are passed at once,
  // which matters when every item of a listing is redacted (issue 26 §3).
  const shortest = all[all.length - 1]!.length;
  // A step changes a text only if the text holds its form, and a form that holds another holds it in
  // any text that holds it: a text without any of the forms that hold no other passes every step
  // unchanged. For a token those are its first MIN_PREFIX characters, one search instead of one per form.
  const sentinels = all.filter((form, i) => !all.some((other, j) => j !== i && other.length <= form.length && form.includes(other) && (other.length < form.length || j < i)));
  return (text) => {
    if (text.length < shortest || !sentinels.some((form) => text.includes(form))) return text;
    let out = text;
    for (const step of steps) out = step(out);
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
