import type { KeyType } from "./keyCondition.js";

/** A DynamoDB table's key attributes, by their stored names. */
export interface DynamoKeys {
  /** The partition (HASH) key. */
  readonly partition: string;
  /** The sort (RANGE) key, when the table has one. */
  readonly sort?: string;
  /**
   * The key attributes' types from the key schema (findAll reads them with
   * DescribeTable when they are left out). A key condition with a value of
   * another type matches nothing, so such a Query is not sent; DynamoDB would refuse it.
   */
  readonly types?: { readonly partition?: KeyType; readonly sort?: KeyType };
}

const KEY_TYPES = new Set(["S", "N", "B"]);

/** A wrong keys option is a programming mistake: a TypeError that says what it takes. */
export function checkKeys(keys: unknown): DynamoKeys {
  const takes = 'keys takes { partition: string, sort?: string, types?: { partition?: "S" | "N" | "B", sort?: "S" | "N" | "B" } }';
  if (typeof keys !== "object" || keys === null || Array.isArray(keys)) throw new TypeError(`${takes}, not ${String(keys)}`);
  const { partition, sort, types } = keys as Record<string, unknown>;
  for (const member of Object.keys(keys)) {
    if (member !== "partition" && member !== "sort" && member !== "types") throw new TypeError(`${takes}; unknown member ${JSON.stringify(member)}`);
  }
  if (typeof partition !== "string" || partition === "") throw new TypeError(`${takes}; partition must be a non-empty string`);
  if (sort !== undefined && (typeof sort !== "string" || sort === "" || sort === partition)) {
    throw new TypeError(`${takes}; sort must be a non-empty string other than the partition key`);
  }
  if (types !== undefined) {
    if (typeof types !== "object" || types === null) throw new TypeError(`${takes}; types must be an object`);
    for (const [member, type] of Object.entries(types)) {
      if ((member !== "partition" && member !== "sort") || !KEY_TYPES.has(type as string)) throw new TypeError(`${takes}; types.${member} is not one of S, N, B`);
    }
  }
  return keys as DynamoKeys;
}
