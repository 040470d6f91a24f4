import type { PathSegment } from "../syntax/ast.js";
import { readNamePath } from "../scan/readNamePath.js";
import { isMapValue, isSet } from "./itemValue.js";

/**
 * `fields`: the attributes a caller wants back, each a path as the filter
 * language writes one (`address.city`, `items[0].sku`, `` address.`zip code` ``,
 * `` `a.b` `` for a top-level name holding a dot): an attribute's name, then
 * member names and list indexes. The service client and the CLI pick fields
 * from items locally; @itemfilter/dynamodb also asks DynamoDB for only those.
 */
export type FieldPath = readonly [string, ...PathSegment[]];

const TAKES = 'fields takes a non-empty array of attribute paths, such as ["id", "address.city", "items[0].sku"]';

/**
 * The paths of a fields option; a TypeError that says what it takes for anything else.
 * A field with no backtick and no bracket is split on its dots, as before paths had
 * indexes, so "first name", "select" or "tags.0" (a member named 0) still name what
 * they named; one with either is read as the language reads a path, and must be one.
 */
export function checkFields(fields: unknown): FieldPath[] {
  if (!Array.isArray(fields) || fields.length === 0) throw new TypeError(TAKES);
  return fields.map((field) => {
    const path = typeof field === "string" ? readField(field) : undefined;
    if (path === undefined) throw new TypeError(`${TAKES}; ${JSON.stringify(field)} is not one`);
    return path;
  });
}

function readField(field: string): FieldPath | undefined {
  if (!/[`[]/.test(field)) {
    const [name, ...rest] = field.split(".");
    return name === "" || rest.some((step) => step === "") ? undefined : [name!, ...rest];
  }
  const read = readNamePath(field);
  return read === undefined ? undefined : [read.name, ...(read.path ?? [])];
}

/** What the fields select below one value: all of it, or some members, or some list elements. */
interface Selection {
  whole: boolean;
  readonly names: Map<string, Selection>;
  readonly indexes: Map<number, Selection>;
}

const selections = new WeakMap<readonly FieldPath[], Selection>();

/**
 * Only the fields of an item, as DynamoDB's ProjectionExpression gives them
 * (DynamoDB Local is the oracle; test/dynamodb/fieldPaths.test.ts): members
 * nested as they were; the elements a list's indexes select, in index order,
 * without the ones that hold nothing selected (so `items[1].sku` alone gives
 * `items: [{sku}]`); nothing for a path that finds nothing; a path inside
 * another one given adds nothing. Where DynamoDB refuses two paths that treat
 * a value as a map and as a list (`a.b`, `a[0]`), the one that fits the value picks.
 * A set has no indexes (grammar/semantics.md, Nested attributes). The fields
 * array is read at its first use with pickFields (give a changed one anew).
 */
export function pickFields(item: Record<string, unknown>, fields: readonly FieldPath[]): Record<string, unknown> {
  let selection = selections.get(fields);
  if (selection === undefined) selections.set(fields, (selection = selectionOf(fields)));
  return (pick(item, selection) as Record<string, unknown> | undefined) ?? {};
}

function selectionOf(fields: readonly FieldPath[]): Selection {
  const root: Selection = { whole: false, names: new Map(), indexes: new Map() };
  for (const path of fields) {
    let at = root;
    for (const step of path) {
      if (at.whole) break;
      const children: Map<PathSegment, Selection> = typeof step === "number" ? at.indexes : at.names;
      let next = children.get(step);
      if (next === undefined) children.set(step, (next = { whole: false, names: new Map(), indexes: new Map() }));
      at = next;
    }
    at.whole = true;
  }
  return root;
}

function pick(value: unknown, selection: Selection): unknown {
  if (selection.whole) return value;
  // A map is a plain object: an array, an ExactNumber (a number, whatever members it has) or a binary has no fields.
  if (selection.names.size > 0 && isMapValue(value)) {
    const out: Record<string, unknown> = {};
    let any = false;
    for (const [name, below] of selection.names) {
      const picked = Object.hasOwn(value, name) ? pick(value[name], below) : undefined;
      if (picked !== undefined) any = put(out, name, picked);
    }
    return any ? out : undefined;
  }
  // A set (an array of only strings or only numbers, as marshalItem writes SS and NS) has no indexes, as in a filter.
  if (selection.indexes.size > 0 && Array.isArray(value) && !isSet(value)) {
    const out: unknown[] = [];
    for (const index of [...selection.indexes.keys()].sort((a, b) => a - b)) {
      const picked = index < value.length ? pick(value[index], selection.indexes.get(index)!) : undefined;
      if (picked !== undefined) out.push(picked);
    }
    return out.length > 0 ? out : undefined;
  }
  return undefined;
}

// An own data member even for a name like `__proto__`, which plain assignment would not make.
function put(object: Record<string, unknown>, name: string, value: unknown): true {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
  return true;
}
