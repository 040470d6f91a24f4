/**
 * An item read from DynamoDB in one order whatever order DynamoDB and the
 * SDK give its attributes in (a map's members come in an order of DynamoDB's
 * own, which is not the order they were written in, and may differ between
 * two reads of the same item): the key attributes first, partition then
 * sort, then every other attribute by name (UTF-16 code units, as
 * Array.prototype.sort compares), and the members of every map by name too.
 * Lists keep their order; values are not copied.
 */
export function orderItem(item: Record<string, unknown>, keyNames: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of keyNames) if (Object.hasOwn(item, name)) define(out, name, orderValue(item[name]));
  const rest = Object.keys(item).filter((name) => !keyNames.includes(name));
  for (const name of rest.sort()) define(out, name, orderValue(item[name]));
  return out;
}

function orderValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.some(isPlainObject) || value.some(Array.isArray) ? value.map(orderValue) : value;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(value).sort()) define(out, name, orderValue(value[name]));
  return out;
}

/** A map read from DynamoDB (M, or `{ $binary }`); an ExactNumber is an instance of its class and kept as it is. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Plain assignment, except for `__proto__`, which assignment would take as the prototype. */
function define(out: Record<string, unknown>, name: string, value: unknown): void {
  if (name === "__proto__") Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  else out[name] = value;
}
