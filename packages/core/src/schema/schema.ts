import type { AttributeNode, FilterDocument, FilterNode, LiteralNode, PathSegment, PredicateNode } from "../syntax/ast.js";
import { readNamePath, type NamePath } from "../scan/readNamePath.js";
import { FilterError, type Diagnostic } from "../messages/errors.js";
import { operatorInfo, type Operator } from "../values/operators.js";
import { describeValue } from "../values/checkArgument.js";
import { replaceTitle } from "../messages/messageText.js";
import { renderMessage } from "../messages/renderMessage.js";
import { writtenOperator } from "../syntax/writtenOperator.js";
import { quoteName, quotePath, quoteString } from "../scan/quote.js";
import { readNumber } from "../values/numberValue.js";
import { closest } from "../messages/closest.js";
import { takesBoolean } from "../syntax/booleanOperators.js";
import { isLocalOnly } from "../syntax/typeNames.js";

export type AttributeType = "string" | "number" | "boolean";

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
      const resolved: ResolvedAttribute = { ...stored, ...(spec.type === undefined ? {} : { type: spec.type }), ...(spec.array === undefined ? {} : { array: spec.array }) };
      this.add(stored, resolved, true);
      for (const alias of spec.aliases ?? []) this.add(schemaName(alias), resolved, false);
    }
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
  const { type, aliases, array } = spec as AttributeSchema;
  if (array !== undefined && typeof array !== "boolean") {
    throw new TypeError(`${SCHEMA}: 'array' of ${JSON.stringify(name)} is a boolean or absent, not ${describeValue(array)}`);
  }
  if (type !== undefined && type !== "string" && type !== "number" && type !== "boolean") {
    throw new TypeError(`${SCHEMA}: the type of ${JSON.stringify(name)} is "string", "number", "boolean" or absent, not ${describeValue(type)}`);
  }
  if (aliases !== undefined && !(Array.isArray(aliases) && aliases.every((a) => typeof a === "string"))) {
    throw new TypeError(`${SCHEMA}: the aliases of ${JSON.stringify(name)} are an array of strings, not ${describeValue(aliases)}`);
  }
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
export function applySchema(doc: FilterDocument, schema: Schema, target: Target = "list"): FilterDocument {
  if (doc.body === null) return doc;
  const index = schemaIndex(schema);
  const problems: Diagnostic[] = [];
  const body = rewrite(doc.body, index, problems, target);
  if (problems.length > 0) throw new FilterError(problems);
  return body === doc.body ? doc : { ...doc, body };
}

/** Which request the filter is for: a key query takes fewer operators, so it is offered fewer. */
export type Target = "list" | "query";

function rewrite(node: FilterNode, index: SchemaIndex, problems: Diagnostic[], target: Target): FilterNode {
  switch (node.type) {
    case "And":
    case "Or": {
      let changed = false;
      const operands = node.operands.map((op) => {
        const next = rewrite(op, index, problems, target);
        if (next !== op) changed = true;
        return next;
      });
      return changed ? { ...node, operands } : node;
    }
    case "Not": {
      const operand = rewrite(node.operand, index, problems, target);
      return operand === node.operand ? node : { ...node, operand };
    }
    case "Predicate":
      return checkPredicate(node, index, problems, target);
  }
}

function checkPredicate(node: PredicateNode, index: SchemaIndex, problems: Diagnostic[], target: Target): PredicateNode {
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
    if (resolved.type !== undefined) checkType(node, attr, resolved.type, problems, target);
    if (resolved.array === true) checkArray(node, attr, problems);
  }
  if (resolved.name === attr.name && samePath(resolved.path, attr.path)) return node;
  const { path: _written, ...top } = attr;
  const renamed: AttributeNode = resolved.path === undefined ? { ...top, name: resolved.name } : { ...top, name: resolved.name, path: resolved.path };
  return { ...node, attribute: renamed };
}

function samePath(a: readonly PathSegment[] | undefined, b: readonly PathSegment[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((step, i) => step === b[i]);
}

/** An attribute as the filter writes it, for messages: the name, or the path (`address.city`). */
function shownName(attr: AttributeNode): string {
  return attr.path === undefined ? attr.name : quotePath(attr.name, attr.path);
}

/** The operators offered for an attribute of each type, best first; each target keeps those it takes. */
const FOR_TYPE: Record<AttributeType, readonly Operator[]> = {
  number: ["equals", "lessThan", "lessEqual", "greaterThan", "greaterEqual", "between"],
  string: ["equals", "beginsWith", "contains", "between"],
  boolean: ["equals", "notEquals", "in"],
};

/** The operators (their names) that fit a type and that `target` takes, best first: the params' `expected`. */
function offeredList(type: AttributeType, target: Target): string[] {
  return FOR_TYPE[type].filter((op) => target === "list" || operatorInfo(op)!.query);
}

function checkType(node: PredicateNode, attr: AttributeNode, type: AttributeType, problems: Diagnostic[], target: Target): void {
  if (type === "boolean") {
    checkBoolean(node, attr, problems, target);
    return;
  }
  const shape = operatorInfo(node.operator)!.value;
  // A string attribute takes the orderings too: strings order by UTF-8 bytes (grammar/semantics.md).
  const kind = type === "number" && shape === "string" ? "textOperator" : undefined;
  if (kind !== undefined) {
    const params = { kind, operator: node.operator, written: writtenOperator(node), name: shownName(attr), type, expected: offeredList(type, target) };
    problems.push({ code: "E_ATTRIBUTE_TYPE", message: renderMessage("E_ATTRIBUTE_TYPE", params), params, span: node.operatorSpan });
    return;
  }
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  const want = type === "number" ? "Number" : "String";
  for (const v of values) {
    // A parameter is checked once bound; parse() keeps it unbound.
    if (v.type === want || v.type === "Param") continue;
    if (v.type === "Boolean") {
      const params = { kind: "notBoolean", name: shownName(attr), type, value: v.value };
      problems.push({ code: "E_ATTRIBUTE_TYPE", message: renderMessage("E_ATTRIBUTE_TYPE", params), params, span: v.span });
      continue;
    }
    // A quoted number ("3") unquoted, and a number quoted: the fixes the message describes, where they keep the value.
    const replacement = type === "string" ? quoteString(String(v.value)) : JSON_NUMBER.test(v.value as string) && "value" in readNumber(v.value as string) ? (v.value as string) : undefined;
    const params = { kind: type === "number" ? "numberValue" : "stringValue", name: shownName(attr), type, value: v.value, ...(type === "string" ? { suggestion: replacement! } : {}) };
    problems.push({
      code: "E_ATTRIBUTE_TYPE",
      message: renderMessage("E_ATTRIBUTE_TYPE", params),
      params,
      ...(replacement === undefined ? {} : { fixes: [{ title: replaceTitle(replacement), span: v.span, replacement }] }),
      span: v.span,
    });
  }
}

/**
 * A boolean attribute is equal to true or false or not: the orderings,
 * between, contains and beginsWith never match it, and a string or number
 * never equals it. The fix writes the value as a boolean where the text
 * says which ("true", 1).
 */
function checkBoolean(node: PredicateNode, attr: AttributeNode, problems: Diagnostic[], target: Target): void {
  const shape = operatorInfo(node.operator)!.value;
  if (shape !== "none" && !takesBoolean(node.operator)) {
    const params = { kind: "booleanOperator", operator: node.operator, written: writtenOperator(node), name: shownName(attr), type: "boolean", expected: offeredList("boolean", target) };
    problems.push({ code: "E_ATTRIBUTE_TYPE", message: renderMessage("E_ATTRIBUTE_TYPE", params), params, span: node.operatorSpan });
    return;
  }
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  for (const v of values) {
    if (v.type === "Boolean" || v.type === "Param") continue;
    const meant = BOOLEAN_WORDS.get(String(v.value).toLowerCase());
    const params = { kind: "booleanValue", name: shownName(attr), type: "boolean", value: v.value, ...(meant === undefined ? {} : { suggestion: meant }) };
    problems.push({
      code: "E_ATTRIBUTE_TYPE",
      message: renderMessage("E_ATTRIBUTE_TYPE", params),
      params,
      ...(meant === undefined ? {} : { fixes: [{ title: replaceTitle(meant), span: v.span, replacement: meant }] }),
      span: v.span,
    });
  }
}

/** Values people write for a boolean: the text of one, and 1 and 0. */
const BOOLEAN_WORDS = new Map([
  ["true", "true"],
  ["false", "false"],
  ["1", "true"],
  ["0", "false"],
]);

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * `=` and `in` compare a whole array, so on an attribute the schema marks
 * `array: true` they never match (grammar/semantics.md): an error, not an
 * empty result, with `contains` (which tests for an element) as the fix.
 */
function checkArray(node: PredicateNode, attr: AttributeNode, problems: Diagnostic[]): void {
  if (node.operator !== "equals" && node.operator !== "in") return;
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  const only = values.length === 1 ? values[0]! : undefined;
  const single = only?.type === "String" ? only.value : undefined;
  const replacement = single === undefined ? undefined : `${quotePath(attr.name, attr.path)} contains ${quoteString(single)}`;
  const params = {
    kind: replacement === undefined ? "array" : "arrayContains",
    operator: node.operator,
    written: writtenOperator(node),
    name: shownName(attr),
    type: "array",
    ...(replacement === undefined ? {} : { suggestion: replacement }),
  };
  problems.push({
    code: "E_ATTRIBUTE_TYPE",
    message: renderMessage("E_ATTRIBUTE_TYPE", params),
    params,
    ...(replacement === undefined ? {} : { fixes: [{ title: replaceTitle(replacement), span: node.span, replacement }] }),
    span: node.operatorSpan,
  });
}
