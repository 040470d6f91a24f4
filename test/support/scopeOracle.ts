import type { Item } from "@itemfilter/emulator";

/**
 * Issue 40 §1's data: 1,500 items `k00000`…, every third of tenant t1, the
 * rest t2; the t2 item k00200 holds `secret: "hunter2"`. A credential scoped
 * to t1 asks, from k00199, for the items whose secret is not a guess: before
 * issue 40 the stopKey moved by one when the guess was right.
 */
export const ORACLE_ITEMS: readonly Item[] = Array.from({ length: 1500 }, (_, i) => ({
  id: `k${String(i).padStart(5, "0")}`,
  tenant: i % 3 === 0 ? "t1" : "t2",
  ...(i === 200 ? { secret: "hunter2" } : {}),
}));

export const ORACLE_SCOPES = ['tenant = "t1"', 'tenant = "t1" and archived != true'] as const;

/** The oracle's filter: the guess, and `extra` conditions that match every item (the 299 filled the request). */
export function oracleFilter(guess: string, extra: number): Record<string, unknown>[] {
  return [{ item: "secret", operator: "notEquals", value: guess }, ...Array.from({ length: extra }, () => ({ item: "id", operator: "notNull" }))];
}

export type Post = (operation: string, members: Record<string, unknown>) => Promise<{ status: number; body: string }>;

/** The answer to one oracle request: status, and the stopKey and item count, or the error message. */
export async function oracleAnswer(post: Post, credentials: Record<string, string>, guess: string, extra: number, table = "t"): Promise<string> {
  const answer = await post("listItems", { ...credentials, table, startKey: { primary: "k00199" }, filter: oracleFilter(guess, extra) });
  const body = JSON.parse(answer.body) as { data?: { items: Item[]; stopKey?: unknown }; error?: { message: string } };
  return body.data === undefined ? `${answer.status} ${body.error!.message}` : `${answer.status} stopKey ${JSON.stringify(body.data.stopKey ?? null)}, ${body.data.items.length} items`;
}

/**
 * A table 36 tenants share, their items interleaved in key order (k000 of
 * t00, k001 of t01, …), each holding a value that names its tenant.
 */
export const SHARED_ITEMS: readonly Item[] = Array.from({ length: 36 * 6 }, (_, i) => {
  const tenant = `t${String(i % 36).padStart(2, "0")}`;
  return { id: `k${String(i).padStart(3, "0")}`, tenant, note: `note-of-${tenant}`, n: i };
});

/** Every key and tenant-naming value of an item outside tenant t00: none of them may appear in any answer or cursor. */
export const FOREIGN_MARKS: readonly string[] = SHARED_ITEMS.filter((i) => i.tenant !== "t00").flatMap((i) => [`"${i.id as string}"`, `note-of-${i.tenant as string}`]);

/** The marks of FOREIGN_MARKS the text holds. */
export const foreignIn = (text: string): string[] => FOREIGN_MARKS.filter((mark) => text.includes(mark));

/** Every page of a listItems or queryItems, following stopKey: each answer's body, as sent. */
export async function walkPages(post: Post, operation: string, members: Record<string, unknown>, maxPages = 500): Promise<string[]> {
  const bodies: string[] = [];
  let startKey: unknown;
  for (let pages = 0; pages < maxPages; pages++) {
    const answer = await post(operation, startKey === undefined ? members : { ...members, startKey });
    bodies.push(answer.body);
    if (answer.status !== 200) return bodies;
    startKey = (JSON.parse(answer.body) as { data: { stopKey?: unknown } }).data.stopKey;
    if (startKey === undefined) return bodies;
  }
  throw new Error(`more than ${maxPages} pages`);
}

/** The items of a walk's answers, in order. */
export const walkedItems = (bodies: readonly string[]): Item[] => bodies.flatMap((b) => (JSON.parse(b) as { data?: { items: Item[] } }).data?.items ?? []);

/** A findPage cursor as what it decodes to (base64url of JSON), for a search of what it holds. */
export const decodedCursor = (cursor: string): string => Buffer.from(cursor, "base64url").toString("utf8");
