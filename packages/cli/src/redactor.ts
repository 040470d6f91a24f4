// The entry with the rule alone: the client's main entry would load node-fetch into every command.
import { isExactNumber } from "@itemfilter/core";
import { secretRedactor } from "@itemfilter/client/redact";

/**
 * Replaces secrets in text before it is written anywhere, by the client's
 * rule (secretRedactor): a long secret wherever it appears, a short one
 * where it stands whole (a value, a header, a path segment, a word), so a
 * one-character token is masked without garbling `there` or `table`. Every byte the
 * command prints passes through one, so a token cannot leak through an
 * error message or a server's echo even if some layer forgets about it.
 */
export class Redactor {
  readonly #secrets = new Set<string>();
  #mask: ((text: string) => string) | undefined;

  /** Registers a secret, however short: a short one is masked only where it stands whole. */
  add(secret: string | undefined): void {
    if (secret === undefined || secret === "" || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    this.#mask = undefined;
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
    // An ExactNumber is a number, shown as it is like any other.
    if (typeof value !== "object" || value === null || isExactNumber(value)) return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const next = this.#walk(value[i]);
        if (next !== value[i]) (copy ??= value.slice())[i] = next;
      }
      return copy ?? value;
    }
    // The copy's entries are gathered only once a member changes: every item of a listing comes
    // through here, and almost none holds a secret.
    const record = value as Record<string, unknown>;
    const names = Object.keys(record);
    let entries: [string, unknown][] | undefined;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const member = record[name];
      const key = this.redact(name);
      const next = this.#walk(member);
      if (entries === undefined && (key !== name || next !== member)) entries = names.slice(0, i).map((earlier) => [earlier, record[earlier]]);
      entries?.push([key, next]);
    }
    return entries === undefined ? value : Object.fromEntries(entries);
  }

  redact(text: string): string {
    if (this.#secrets.size === 0) return text;
    this.#mask ??= secretRedactor([...this.#secrets], REDACTED);
    return this.#mask(text);
  }
}

export const REDACTED = "<redacted>";
