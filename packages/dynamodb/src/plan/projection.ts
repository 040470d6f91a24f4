import type { FieldPath } from "@itemfilter/core";

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
