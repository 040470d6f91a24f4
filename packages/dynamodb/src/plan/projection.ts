/**
 * `fields`: the attributes a caller wants back, each a path of names joined
 * by dots (`address.city`). A top-level attribute whose name holds a dot
 * cannot be named this way.
 */
export type FieldPath = readonly string[];

export function checkFields(fields: unknown): FieldPath[] {
  const takes = 'fields takes a non-empty array of attribute paths, such as ["id", "address.city"]';
  if (!Array.isArray(fields) || fields.length === 0) throw new TypeError(takes);
  return fields.map((field) => {
    const path = typeof field === "string" ? field.split(".") : [];
    if (path.length === 0 || path.some((name) => name === "")) throw new TypeError(`${takes}; ${JSON.stringify(field)} is not one`);
    return path;
  });
}

/**
 * The paths to read: the fields, widened by every attribute the filter names
 * and the table's keys (the local checks and the uniting of requests read
 * them), without a path inside another (DynamoDB refuses overlapping paths).
 */
export function readPaths(fields: readonly FieldPath[], wholeNames: Iterable<string>): FieldPath[] {
  const paths: FieldPath[] = [...[...wholeNames].map((name) => [name]), ...fields];
  const key = (path: FieldPath): string => JSON.stringify(path);
  const kept = new Map<string, FieldPath>();
  for (const path of paths) {
    const covered = path.some((_, i) => kept.has(key(path.slice(0, i + 1))));
    if (!covered) kept.set(key(path), path);
  }
  // A shorter path read later covers longer ones read before it.
  return [...kept.values()].filter((path) => !path.some((_, i) => i < path.length - 1 && kept.has(key(path.slice(0, i + 1)))));
}

/** The ProjectionExpression for the paths, with its own placeholders (`#f0`), apart from the request's `#n…`. */
export function projectionOf(paths: readonly FieldPath[]): { ProjectionExpression: string; names: Record<string, string> } {
  const names = new Map<string, string>();
  const placeholder = (name: string): string => {
    let p = names.get(name);
    if (p === undefined) names.set(name, (p = `#f${names.size}`));
    return p;
  };
  const ProjectionExpression = paths.map((path) => path.map(placeholder).join(".")).join(", ");
  return { ProjectionExpression, names: Object.fromEntries([...names].map(([name, p]) => [p, name])) };
}

/** Only the fields of an item (nested fields as nested objects), for output. */
export function pickFields(item: Record<string, unknown>, fields: readonly FieldPath[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    let from: unknown = item;
    for (const name of path) from = typeof from === "object" && from !== null && !Array.isArray(from) && Object.hasOwn(from, name) ? (from as Record<string, unknown>)[name] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const name of path.slice(0, -1)) {
      const next = Object.hasOwn(to, name) ? to[name] : undefined;
      to = (typeof next === "object" && next !== null ? next : put(to, name, {})) as Record<string, unknown>;
    }
    put(to, path.at(-1)!, from);
  }
  return out;
}

// An own data member even for a name like `__proto__`, which plain assignment would not make.
function put<T>(object: Record<string, unknown>, name: string, value: T): T {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return value;
}
