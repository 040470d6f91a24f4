import type { FilterDocument, FilterNode, PathSegment, PredicateNode } from "../syntax/ast.js";
import { readNamePath, type NamePath } from "../scan/readNamePath.js";
import { FilterError, type Diagnostic } from "../messages/errors.js";
import { describeValue } from "../values/checkArgument.js";
import { replaceTitle } from "../messages/messageText.js";
import { renderMessage } from "../messages/renderMessage.js";
import { quoteName, quotePath } from "../scan/quote.js";
import { closest } from "../messages/closest.js";
import { isLocalOnly } from "../syntax/typeNames.js";
import { addFoldedCopies, checkFolding, foldingOf, renamedAttribute } from "./schemaFolding.js";
import { checkArray, checkType, shownName } from "./schemaTypeChecks.js";
import { DATE_FORMATS, type DateFormat } from "../values/relativeDate.js";

/** `date` is a string or a number by its `format`: what relative dates (`now - 7d`) are written in. */
export type AttributeType = "string" | "number" | "boolean" | "date";

export interface AttributeSchema {
  type?: AttributeType;
  /** Other names a person may write; they compile to the stored name. */
  aliases?: readonly string[];
  /**
   * The attribute holds arrays (sets) in at least some items, as inferSchema
   * reports. `=` and `in` on it never match, so the compilers refuse them
   * (E_ATTRIBUTE_TYPE, fixed by `contains`); attributeWarnings also points
   * `!=` to `notContains`.
   */
  array?: boolean;
  /**
   * Letter case does not matter: `=`, `!=`, `in`, `beginsWith`, `contains`,
   * `notContains`, the orderings and `between` compare folded text (foldCase),
   * the attribute's and the value's, as `fold(name)` does (grammar/semantics.md,
   * "Letter case"). For a string attribute (`type` "string" or absent).
   */
  caseInsensitive?: boolean;
  /**
   * With `caseInsensitive`: an attribute the app stores holding `foldCase` of
   * this one. Those conditions are then sent on it, with the value folded, so
   * the service and DynamoDB run them exactly; the schema knows it as a
   * string attribute whose values are folded.
   */
  folded?: string;
  /**
   * For `type: "date"`: how the attribute stores a date, and so what `now - 7d`
   * is written as: "iso" (a string 2026-11-28T09:14:00.000Z, the default),
   * "isoDate" (2026-11-28), "epochSeconds" or "epochMillis" (numbers).
   */
  format?: DateFormat;
}

/** The attributes an app exposes, under the names it shows. */
export interface Schema {
  attributes: Readonly<Record<string, AttributeSchema>>;
  /** Accept names the schema does not list (unchecked). Default false. */
  allowUnknown?: boolean;
}

export interface ResolvedAttribute {
  /** The stored top-level attribute. */
  name: string;
  /** For a nested attribute, the stored steps after `name` (ast.ts). */
  path?: readonly PathSegment[];
  type?: AttributeType;
  /** The schema entry's `array`, for the attribute it names exactly. */
  array?: boolean;
  /** The schema entry's `caseInsensitive`, for the attribute it names exactly. */
  caseInsensitive?: boolean;
  /** The stored folded copy the schema entry's `folded` names. */
  folded?: NamePath;
  /** The attribute is another's folded copy: the values it is compared with are folded. */
  foldedCopy?: boolean;
  /** The schema entry's date `format`, for a `date` attribute it names exactly. */
  format?: DateFormat;
}

/**
 * A schema turned into a lookup by written name (stored names and aliases).
 * A Map, so that names like `__proto__` or `constructor` are only ever data.
 */
export class SchemaIndex {
  /** Top-level attributes by written name (stored names and aliases). */
  readonly names = new Map<string, ResolvedAttribute>();
  /** Nested attributes by written path, as quotePath writes it (`address.city`): stored paths and aliases that are paths. */
  readonly paths = new Map<string, ResolvedAttribute>();
  /** The same paths as steps, in the schema's order, for completion (suggestMembers.ts). */
  readonly pathList: { name: string; path: readonly PathSegment[]; resolved: ResolvedAttribute }[] = [];
  constructor(readonly schema: Schema) {
    const attrs = schema.attributes;
    if (typeof attrs !== "object" || attrs === null || Array.isArray(attrs)) {
      throw new TypeError(`${SCHEMA}: schema.attributes must be an object of attribute names, not ${describeValue(attrs)}`);
    }
    if (schema.allowUnknown !== undefined && typeof schema.allowUnknown !== "boolean") {
      throw new TypeError(`${SCHEMA}: schema.allowUnknown must be a boolean, not ${describeValue(schema.allowUnknown)}`);
    }
    for (const key of Object.keys(attrs)) {
      const spec = attrs[key]!;
      checkAttributeSchema(key, spec);
      const stored = schemaName(key);
      const resolved: ResolvedAttribute = {
        ...stored,
        ...(spec.type === undefined ? {} : { type: spec.type }),
        ...(spec.array === undefined ? {} : { array: spec.array }),
        ...(spec.format === undefined ? {} : { format: spec.format }),
        ...foldingOf(spec, schemaName),
      };
      this.add(stored, resolved, true);
      for (const alias of spec.aliases ?? []) this.add(schemaName(alias), resolved, false);
    }
    addFoldedCopies(this, SCHEMA);
  }

  /** Adds a name the schema does not list by its key (a folded copy), as a stored name. */
  addStored(written: NamePath, resolved: ResolvedAttribute): void {
    this.add(written, resolved, true);
  }

  private add(written: NamePath, resolved: ResolvedAttribute, stored: boolean): void {
    const map = written.path === undefined ? this.names : this.paths;
    const key = written.path === undefined ? written.name : quotePath(written.name, written.path);
    // A stored name wins over an alias of another attribute, whichever comes first.
    if (!stored && map.has(key)) return;
    if (written.path !== undefined && !map.has(key)) this.pathList.push({ name: written.name, path: written.path, resolved });
    map.set(key, resolved);
  }

  /** Whether the stored name is marked `array: true`. */
  isArray(name: string): boolean {
    return Object.hasOwn(this.schema.attributes, name) && this.schema.attributes[name]!.array === true;
  }

  resolve(written: string): ResolvedAttribute | undefined {
    return this.names.get(written);
  }

  /**
   * The stored attribute a written one names, path included: the longest
   * listed prefix of the path (a stored path, an alias, or the top-level
   * attribute) with the rest of the path after it. Its type and `array`
   * apply only where the whole path is listed; a listed attribute or path
   * allows every path under it, and nothing else is allowed.
   */
  resolvePath(name: string, path: readonly PathSegment[] | undefined): ResolvedAttribute | undefined {
    if (path === undefined) return this.names.get(name);
    for (let k = path.length; k >= 0; k--) {
      const found = k === 0 ? this.names.get(name) : this.paths.size === 0 ? undefined : this.paths.get(quotePath(name, path.slice(0, k)));
      if (found === undefined) continue;
      const steps = [...(found.path ?? []), ...path.slice(k)];
      if (k === path.length) return steps.length === 0 ? found : { ...found, path: steps };
      return steps.length === 0 ? { name: found.name } : { name: found.name, path: steps };
    }
    return undefined;
  }

  /** Names, paths and aliases close to a misspelt one, best first, as a filter writes them. */
  didYouMean(written: string): string[] {
    return closest(written, [...this.names.keys(), ...this.paths.keys()]).slice(0, 3);
  }

  /** The text that writes a suggestion of didYouMean in a filter. */
  written(suggestion: string): string {
    return this.paths.has(suggestion) ? suggestion : quoteName(suggestion);
  }
}

/**
 * A schema's attribute or alias: a path where it is written as one in the
 * filter language (it has a `.` or `[`, or starts with a backtick:
 * `address.city`, `` `a.b` `` for a top-level name with a dot), else the
 * name as it is, any text, as before paths.
 */
function schemaName(key: string): NamePath {
  if (!/[.[]/.test(key) && !key.startsWith("`")) return { name: key };
  const read = readNamePath(key);
  if (read === undefined) {
    throw new TypeError(`${SCHEMA}: ${JSON.stringify(key)} is read as a path, as a filter writes one (address.city, items[0].sku); write a name that holds a '.' or '[' in backticks`);
  }
  return read;
}



/** The key a schema lists an attribute under: a name with a `.` or `[` (or a leading backtick) in backticks, so it is not read as a path. */
export function schemaKey(name: string): string {
  // Such a name is never plain, so quoteName writes it in backticks.
  return /[.[]/.test(name) || name.startsWith("`") ? quoteName(name) : name;
}

const SCHEMA = "a schema is { attributes: { name: { type?, aliases? } }, allowUnknown? }";

function checkAttributeSchema(name: string, spec: unknown): asserts spec is AttributeSchema {
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
    throw new TypeError(`${SCHEMA}: attribute ${JSON.stringify(name)} must be an object, not ${describeValue(spec)}`);
  }
  const { type, aliases, array, format } = spec as AttributeSchema;
  if (array !== undefined && typeof array !== "boolean") {
    throw new TypeError(`${SCHEMA}: 'array' of ${JSON.stringify(name)} is a boolean or absent, not ${describeValue(array)}`);
  }
  if (type !== undefined && type !== "string" && type !== "number" && type !== "boolean" && type !== "date") {
    throw new TypeError(`${SCHEMA}: the type of ${JSON.stringify(name)} is "string", "number", "boolean", "date" or absent, not ${describeValue(type)}`);
  }
  if (format !== undefined && (type !== "date" || !DATE_FORMATS.includes(format))) {
    throw new TypeError(`${SCHEMA}: the format of ${JSON.stringify(name)} is one of ${DATE_FORMATS.map((f) => JSON.stringify(f)).join(", ")}, for type "date" only, not ${describeValue(format)}`);
  }
  if (aliases !== undefined && !(Array.isArray(aliases) && aliases.every((a) => typeof a === "string"))) {
    throw new TypeError(`${SCHEMA}: the aliases of ${JSON.stringify(name)} are an array of strings, not ${describeValue(aliases)}`);
  }
  checkFolding(name, spec as AttributeSchema, SCHEMA);
}

const indexes = new WeakMap<Schema, SchemaIndex>();
export function schemaIndex(schema: Schema): SchemaIndex {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) throw new TypeError(`${SCHEMA}, not ${describeValue(schema)}`);
  let index = indexes.get(schema);
  if (index === undefined) indexes.set(schema, (index = new SchemaIndex(schema)));
  return index;
}

/**
 * Checks every attribute against the schema and rewrites aliases to stored
 * names. All problems are reported together.
 */
export function applySchema(doc: FilterDocument, schema: Schema, target: Target = "list", fold?: SchemaFold): FilterDocument {
  if (doc.body === null) return doc;
  const index = schemaIndex(schema);
  const problems: Diagnostic[] = [];
  const body = rewrite(doc.body, index, problems, target, fold);
  if (problems.length > 0) throw new FilterError(problems);
  return body === doc.body ? doc : { ...doc, body };
}

/**
 * How a condition compares letter case once its attribute is resolved
 * (foldBySchema.ts, which the text's readers pass): without it, as filter JSON
 * is checked, `caseInsensitive` and `folded` change nothing, since filter JSON
 * is what the service runs, exactly.
 */
export type SchemaFold = (node: PredicateNode, resolved: ResolvedAttribute) => PredicateNode;

/** Which request the filter is for: a key query takes fewer operators, so it is offered fewer. */
export type Target = "list" | "query";

function rewrite(node: FilterNode, index: SchemaIndex, problems: Diagnostic[], target: Target, fold: SchemaFold | undefined): FilterNode {
  switch (node.type) {
    case "And":
    case "Or": {
      let changed = false;
      const operands = node.operands.map((op) => {
        const next = rewrite(op, index, problems, target, fold);
        if (next !== op) changed = true;
        return next;
      });
      return changed ? { ...node, operands } : node;
    }
    case "Not": {
      const operand = rewrite(node.operand, index, problems, target, fold);
      return operand === node.operand ? node : { ...node, operand };
    }
    case "Predicate":
      return checkPredicate(node, index, problems, target, fold);
  }
}

function checkPredicate(node: PredicateNode, index: SchemaIndex, problems: Diagnostic[], target: Target, fold: SchemaFold | undefined): PredicateNode {
  const attr = node.attribute;
  if (attr === null) return node;
  const resolved = index.resolvePath(attr.name, attr.path);
  if (resolved === undefined) {
    if (index.schema.allowUnknown === true) return node;
    const written = shownName(attr);
    const near = index.didYouMean(written);
    const params = { name: written, suggestions: near };
    problems.push({
      code: "E_UNKNOWN_ATTRIBUTE",
      message: renderMessage("E_UNKNOWN_ATTRIBUTE", params),
      ...(near.length > 0 ? {} : { hint: "add the name (or an alias) to the schema if it should be accepted" }),
      params,
      ...(near.length > 0 ? { fixes: near.map((n) => ({ title: replaceTitle(n), span: attr.span, replacement: index.written(n) })) } : {}),
      span: attr.span,
    });
    return node;
  }
  // A size is a number and a type test fits any attribute: the attribute's own type says nothing against either.
  if (!isLocalOnly(node)) {
    if (resolved.type !== undefined) checkType(node, attr, resolved.type, problems, target, resolved.format);
    if (resolved.array === true) checkArray(node, attr, problems);
  }
  const renamed = resolved.name === attr.name && samePath(resolved.path, attr.path) ? node : { ...node, attribute: renamedAttribute(attr, resolved) };
  return fold === undefined ? renamed : fold(renamed, resolved);
}

function samePath(a: readonly PathSegment[] | undefined, b: readonly PathSegment[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((step, i) => step === b[i]);
}
