import type { ExpressionValue } from "./attributeValue.js";
import { utf8Length } from "./utf8Length.js";

/**
 * Placeholders for one request: every attribute name becomes `#nK` (so
 * reserved words, dots and any character are safe) and every value `:vK`,
 * one per distinct name or typed value, numbered in order of first use. A
 * KeyConditionExpression and a FilterExpression of one Query share one set,
 * so their placeholders never collide and none is sent unused.
 * Tokens stay far below DynamoDB's 255-byte limit for one placeholder.
 */
export class Placeholders {
  private readonly names = new Map<string, string>();
  private readonly values = new Map<string, { token: string; value: ExpressionValue }>();

  name(attribute: string): string {
    let token = this.names.get(attribute);
    if (token === undefined) {
      token = `#n${this.names.size}`;
      this.names.set(attribute, token);
    }
    return token;
  }

  /**
   * A document path (`address.city`, `items[0].sku`) as DynamoDB writes one:
   * a placeholder for each name, the indexes as written (`#n0.#n1[0]`).
   * A member shares its placeholder with an attribute of the same name.
   */
  path(attribute: string, path: readonly (string | number)[] | undefined): string {
    let out = this.name(attribute);
    if (path === undefined) return out;
    for (const step of path) out += typeof step === "number" ? `[${step}]` : `.${this.name(step)}`;
    return out;
  }

  value(value: ExpressionValue): string {
    const key = "S" in value ? `S${value.S}` : "N" in value ? `N${value.N}` : `B${String(value.BOOL)}`;
    let entry = this.values.get(key);
    if (entry === undefined) {
      entry = { token: `:v${this.values.size}`, value };
      this.values.set(key, entry);
    }
    return entry.token;
  }

  /** The maps to send; a map with no entry is left out, since DynamoDB rejects an empty one. */
  maps(): { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, ExpressionValue> } {
    const out: { ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Record<string, ExpressionValue> } = {};
    if (this.names.size > 0) out.ExpressionAttributeNames = Object.fromEntries([...this.names].map(([name, token]) => [token, name]));
    if (this.values.size > 0) out.ExpressionAttributeValues = Object.fromEntries([...this.values.values()].map((e) => [e.token, e.value]));
    return out;
  }

  /** UTF-8 bytes of every name and value sent (DynamoDB's 2 MB bound on substitution variables). */
  substitutionBytes(): number {
    let n = 0;
    for (const [name, token] of this.names) n += utf8Length(name) + token.length;
    for (const { token, value } of this.values.values()) n += token.length + ("S" in value ? utf8Length(value.S) : "N" in value ? utf8Length(value.N) : 1);
    return n;
  }
}
