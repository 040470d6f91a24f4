import { attributes, pickFields, type FieldPath, type FilterDocument } from "@itemfilter/core";
import type { DynamoKeys } from "./planDynamo.js";

/**
 * The paths to read: the fields, widened by every attribute the filter names
 * and the table's keys (the local checks and the uniting of requests read
 * them), without a path inside another (DynamoDB refuses overlapping paths,
 * `items[0]` with `items[0].sku` as `a` with `a.b`). An attribute whose fields
 * treat one value as a map and as a list (`a.b`, `a[0]`: DynamoDB refuses
 * them as conflicting) is read whole, and picked locally.
 */
export function readPaths(fields: readonly FieldPath[], wholeNames: Iterable<string>): FieldPath[] {
  const whole = readWhole(fields, wholeNames);
  const paths: FieldPath[] = [...[...wholeNames].map((name): FieldPath => [name]), ...fields.map((path): FieldPath => (whole.has(path[0]) ? [path[0]] : path))];
  const key = (path: readonly unknown[]): string => JSON.stringify(path);
  const kept = new Map<string, FieldPath>();
  for (const path of paths) {
    const covered = path.some((_, i) => kept.has(key(path.slice(0, i + 1))));
    if (!covered) kept.set(key(path), path);
  }
  // A shorter path read later covers longer ones read before it.
  return [...kept.values()].filter((path) => !path.some((_, i) => i < path.length - 1 && kept.has(key(path.slice(0, i + 1)))));
}

/** The top-level attributes read whole: the names given, a field that is one, and an attribute whose fields conflict. */
export function readWhole(fields: readonly FieldPath[], wholeNames: Iterable<string>): Set<string> {
  const whole = new Set(wholeNames);
  const steps = new Map<string, "name" | "index">();
  for (const path of fields) {
    if (path.length === 1) whole.add(path[0]);
    for (let i = 1; i < path.length; i++) {
      const at = JSON.stringify(path.slice(0, i));
      const kind = typeof path[i] === "number" ? "index" : "name";
      if ((steps.get(at) ?? kind) !== kind) whole.add(path[0]);
      steps.set(at, kind);
    }
  }
  return whole;
}

/**
 * What gives an item read with readPaths' ProjectionExpression as pickFields
 * gives the whole item: an attribute read whole is picked here; any other
 * DynamoDB has already cut to exactly the fields (picking it again would look
 * for `items[1]` in a list DynamoDB has compacted).
 */
export function readPicker(fields: readonly FieldPath[], whole: ReadonlySet<string>): (item: Record<string, unknown>) => Record<string, unknown> {
  const picked = fields.filter((path) => whole.has(path[0]));
  const cut = [...new Set(fields.map((path) => path[0]).filter((name) => !whole.has(name)))];
  return (item) => {
    const out = pickFields(item, picked);
    for (const name of cut) {
      if (Object.hasOwn(item, name)) Object.defineProperty(out, name, { value: item[name], enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
}

/** readPicker for the paths planDynamo reads for this filter and keys: the fields, the filter's attributes and the keys. */
export function fieldsPicker(fields: readonly FieldPath[], doc: FilterDocument, keys: DynamoKeys | undefined): (item: Record<string, unknown>) => Record<string, unknown> {
  const keyNames = keys === undefined ? [] : [keys.partition, ...(keys.sort === undefined ? [] : [keys.sort])];
  return readPicker(fields, readWhole(fields, [...attributes(doc), ...keyNames]));
}

/** The ProjectionExpression for the paths (`#f0[0].#f1`), with its own placeholders (`#f0`), apart from the request's `#n…`. */
export function projectionOf(paths: readonly FieldPath[]): { ProjectionExpression: string; names: Record<string, string> } {
  const names = new Map<string, string>();
  const placeholder = (name: string): string => {
    let p = names.get(name);
    if (p === undefined) names.set(name, (p = `#f${names.size}`));
    return p;
  };
  const ProjectionExpression = paths.map((path) => path.map((step, i) => (typeof step === "number" ? `[${step}]` : `${i === 0 ? "" : "."}${placeholder(step)}`)).join("")).join(", ");
  return { ProjectionExpression, names: Object.fromEntries([...names].map(([name, p]) => [p, name])) };
}
