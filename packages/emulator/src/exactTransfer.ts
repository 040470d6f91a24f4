import { isExactNumber, toNumberValue } from "@itemfilter/core";

/**
 * A value on its way to another thread (postMessage, workerData), with where
 * its ExactNumbers are. Structured clone keeps a class instance's own members
 * only, so an ExactNumber arrives as a plain `{decimal: {neg, digits, exp}}`,
 * which an item may hold too: `exact` (paths of members and indexes) tells
 * the receiver which ones to make ExactNumbers again. Absent when there are none.
 */
export interface ExactTransfer<T> {
  value: T;
  exact?: (string | number)[][];
}

/**
 * The value as it is (nothing copied), with the paths of its ExactNumbers:
 * one walk, which finds none in data whose numbers doubles hold. Cycles are
 * not followed (structured clone keeps them; the value has no ExactNumber in them).
 * `plain`, an object in the value the caller knows holds no ExactNumber, is
 * not walked (a data file range's kept items, which are most of what it posts:
 * issue 44, packages/bench figure 12).
 */
export function toExactTransfer<T>(value: T, plain?: object): ExactTransfer<T> {
  const exact: (string | number)[][] = [];
  const path: (string | number)[] = [];
  const seen = new Set<object>(plain === undefined ? [] : [plain]);
  const walk = (v: unknown): void => {
    if (typeof v !== "object" || v === null) return;
    if (isExactNumber(v)) {
      exact.push([...path]);
      return;
    }
    // A typed array (a range's key hashes) holds only numbers: no walk over its million indexes.
    if (seen.has(v) || ArrayBuffer.isView(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        walk(v[i]);
        path.pop();
      }
      return;
    }
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue;
      path.push(key);
      walk((v as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  walk(value);
  return exact.length === 0 ? { value } : { value, exact };
}

/** The value a thread received (after structured clone), its ExactNumbers made again in place. */
export function fromExactTransfer<T>(transfer: ExactTransfer<T>): T {
  if (transfer.exact === undefined) return transfer.value;
  let value: unknown = transfer.value;
  for (const path of transfer.exact) {
    if (path.length === 0) {
      value = rebuild(value);
      continue;
    }
    let parent = value as Record<string | number, unknown>;
    for (let i = 0; i < path.length - 1; i++) parent = parent[path[i]!] as Record<string | number, unknown>;
    const last = path[path.length - 1]!;
    parent[last] = rebuild(parent[last]);
  }
  return value as T;
}

function rebuild(cloned: unknown): unknown {
  const d = (cloned as { decimal: { neg: boolean; digits: string; exp: number } }).decimal;
  return toNumberValue(`${d.neg ? "-" : ""}0.${d.digits}e${d.exp}`);
}
