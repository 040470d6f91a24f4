/**
 * Replaces secrets in text before it is written anywhere. Every byte the
 * command prints passes through one, so a token cannot leak through an
 * error message or a server's echo even if some layer forgets about it.
 */
export class Redactor {
  readonly #secrets = new Set<string>();

  /** Registers a secret; very short values are ignored since masking them would garble ordinary text. */
  add(secret: string | undefined): void {
    if (secret !== undefined && secret.length >= 4) this.#secrets.add(secret);
  }

  /**
   * A JSON value with every secret masked inside its strings and member
   * names, before anything formats it: a table cell cut to 40 characters or
   * a re-indented value would otherwise hide a token from redact() while
   * still showing most of it. Values without secrets are returned as they are.
   */
  redactValue<T>(value: T): T {
    if (this.#secrets.size === 0) return value;
    return this.#walk(value) as T;
  }

  #walk(value: unknown): unknown {
    if (typeof value === "string") return this.redact(value);
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const next = this.#walk(value[i]);
        if (next !== value[i]) (copy ??= value.slice())[i] = next;
      }
      return copy ?? value;
    }
    let changed = false;
    const entries: [string, unknown][] = [];
    for (const [name, member] of Object.entries(value)) {
      const key = this.redact(name);
      const next = this.#walk(member);
      if (key !== name || next !== member) changed = true;
      entries.push([key, next]);
    }
    return changed ? Object.fromEntries(entries) : value;
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
      // JSON encodes some characters, so look for the escaped form too.
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(REDACTED);
    }
    return out;
  }
}

export const REDACTED = "<redacted>";
