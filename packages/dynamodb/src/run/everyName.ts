import type { AttributeValue, DynamoDBClient, QueryCommand, ScanCommand } from "@aws-sdk/client-dynamodb";

/*
 * The AWS SDK reads an item's attribute named `__proto__` as undefined (its
 * deserializer assigns members, and assigning `__proto__` sets a prototype),
 * though DynamoDB sends it and any SDK can write one. This keeps the answer's
 * bytes and, where an item lost that attribute, reads it again from them.
 */

const LOST = "__proto__";

type Handler = (args: unknown) => Promise<{ output?: unknown; response?: unknown }>;
type Middleware = (next: Handler) => Handler;
/** The one `add` both commands' stacks have, typed loosely: these middlewares read only what every answer has. */
type Stack = { add(middleware: Middleware, options: { step: string; priority?: string; name: string }): void };

/** Whether the SDK lost the item's `__proto__` attribute: an own member holding undefined. */
function lost(item: Record<string, AttributeValue>): boolean {
  return Object.hasOwn(item, LOST) && item[LOST] === undefined;
}

/** The command, made to give every attribute of its items, `__proto__` too. */
export function readingEveryName<C extends ScanCommand | QueryCommand>(command: C, client: DynamoDBClient): C {
  let body: Uint8Array | undefined;
  const keepBody: Middleware = (next) => async (args) => {
    const out = await next(args);
    const response = out.response as { statusCode?: number; body?: unknown };
    if (response.statusCode === 200 && response.body !== undefined && response.body !== null) {
      body = await client.config.streamCollector(response.body);
      response.body = body;
    }
    return out;
  };
  const restore: Middleware = (next) => async (args) => {
    const out = await next(args);
    const items = (out.output as { Items?: Record<string, AttributeValue>[] }).Items;
    if (body !== undefined && items?.some(lost)) restoreLost(items, body);
    return out;
  };
  // Inside the SDK's deserializer (its own priority is normal), so this sees the answer's bytes first.
  const stack = command.middlewareStack as unknown as Stack;
  stack.add(keepBody, { step: "deserialize", priority: "low", name: "itemfilterKeepBody" });
  stack.add(restore, { step: "initialize", name: "itemfilterEveryName" });
  return command;
}

function restoreLost(items: Record<string, AttributeValue>[], body: Uint8Array): void {
  // JSON.parse keeps `__proto__` as an own member.
  const answer = JSON.parse(new TextDecoder().decode(body)) as { Items?: Record<string, unknown>[] };
  items.forEach((item, i) => {
    const sent = answer.Items?.[i];
    if (!lost(item) || sent === undefined || !Object.hasOwn(sent, LOST)) return;
    Object.defineProperty(item, LOST, { value: fromWire(sent[LOST]), enumerable: true, writable: true, configurable: true });
  });
}

/** An AttributeValue as DynamoDB's JSON writes it, in the SDK's form: binaries as bytes. */
function fromWire(value: unknown): AttributeValue {
  const v = value as Record<string, unknown>;
  if (typeof v.B === "string") return { B: bytes(v.B) };
  if (Array.isArray(v.BS)) return { BS: (v.BS as string[]).map(bytes) };
  if (Array.isArray(v.L)) return { L: v.L.map(fromWire) };
  if (typeof v.M === "object" && v.M !== null) {
    const M: Record<string, AttributeValue> = {};
    for (const [k, x] of Object.entries(v.M)) Object.defineProperty(M, k, { value: fromWire(x), enumerable: true, writable: true, configurable: true });
    return { M };
  }
  return v as unknown as AttributeValue;
}

function bytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
