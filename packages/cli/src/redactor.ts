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
