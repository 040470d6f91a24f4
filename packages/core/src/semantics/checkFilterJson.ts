import { checkCountOption, checkOptions, checkStringOption } from "../values/checkArgument.js";
import { FilterError, type Diagnostic, type DiagnosticParams, type ErrorCode } from "../messages/errors.js";
import type { ListFilter, QueryFilter, Scalar } from "../values/filters.js";
import { DEFAULT_LIMITS } from "../values/limits.js";
import { NO_SPAN } from "../messages/location.js";
import { LIST_OPERATORS, OPERATORS, OPERATOR_MISSPELLINGS, QUERY_OPERATORS, operatorInfo, type Operator } from "../values/operators.js";
import { closest } from "../messages/closest.js";
import { checkValue } from "./valueShapes.js";
import { renderValueMessage as renderMessage } from "../messages/renderValueMessage.js";
import { givenParams } from "../messages/valueKind.js";
import type { Schema } from "../schema/schema.js";

export interface ValidateOptions {
  /** The name the JSON paths in diagnostics start with. Default "filter". */
  path?: string;
  /** Most values in one `in` list. Default 100, as the service takes. */
  maxInValues?: number;
  /** Most filters in one ListFilter array. Default 10,000; more is E_LIMIT before any is looked at. */
  maxFilters?: number;
  /**
   * The attributes the app exposes, checked as the compilers check text:
   * an unlisted name is E_UNKNOWN_ATTRIBUTE (with the names it is close to),
   * an operator or value of the wrong type E_ATTRIBUTE_TYPE, each at its JSON
   * path; an alias comes back as its stored name.
   */
  schema?: Schema;
  /** validateQueryFilter: the secondary key's stored name, which the schema checks (as compileQuery's option). */
  secondaryKey?: string;
}

/** Most diagnostics one error carries, as for text: hostile input cannot make a huge report. */
const MAX_DIAGNOSTICS = 50;
const DEFAULT_MAX_FILTERS = 10_000;

const LIST_MEMBERS = new Set(["item", "operator", "value"]);
const QUERY_MEMBERS = new Set(["operator", "value"]);

/** A code unit of a surrogate pair without its other half: such text cannot be sent as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Stops collecting once the cap is reached, so callers can stop scanning too. */
class Problems {
  readonly list: Diagnostic[] = [];
  add(code: ErrorCode, path: string, params: DiagnosticParams, hint?: string): void {
    if (this.list.length >= MAX_DIAGNOSTICS) return;
    const message = renderMessage(code, params);
    this.list.push({ code, message, ...(hint === undefined ? {} : { hint }), params, span: NO_SPAN, path });
  }
  get full(): boolean {
    return this.list.length >= MAX_DIAGNOSTICS;
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw new FilterError(this.list);
  }
}

/**
 * Checks listItems filter JSON from elsewhere (a request body) against the
 * service's operator and value-shape tables, and returns it as a fresh
 * ListFilter array. Takes one ListFilter object or an array of them. All
 * problems are reported together in one FilterError, each with a JSON path
 * such as `filter[2].value`; nothing else is ever thrown. An `in` list of
 * strings and numbers is E_IN_MIXED_TYPES at its `value`, as the service
 * refuses it (checkValue's default), so the emulator is as strict.
 */
export function checkListFilterJson(json: unknown, options?: ValidateOptions, fn = "validateListFilter"): ListFilter[] {
  checkValidateOptions(fn, options);
  const root = options?.path ?? "filter";
  const maxFilters = options?.maxFilters ?? DEFAULT_MAX_FILTERS;
  const problems = new Problems();
  if (Array.isArray(json)) {
    if (json.length > maxFilters) {
      problems.add("E_LIMIT", root, { kind: "filters", count: json.length, limit: maxFilters }, "raise maxFilters to accept more");
      problems.throwIfAny();
    }
    const out: ListFilter[] = [];
    for (let i = 0; i < json.length && !problems.full; i++) {
      const f = checkListFilter(json[i], `${root}[${i}]`, problems, options);
      if (f !== null) out.push(f);
    }
    problems.throwIfAny();
    return out;
  }
  if (!isObject(json)) {
    problems.add("E_FILTER_JSON", root, { kind: "listFilters", ...givenParams(json) });
    problems.throwIfAny();
  }
  const f = checkListFilter(json, root, problems, options);
  problems.throwIfAny();
  return [f!];
}

/**
 * Checks queryItems filter JSON: one QueryFilter object whose operator is one
 * a key query allows. It has no `item`, because it always tests the secondary key.
 */
export function checkQueryFilterJson(json: unknown, options?: ValidateOptions, fn = "validateQueryFilter"): QueryFilter {
  checkValidateOptions(fn, options);
  const root = options?.path ?? "filter";
  const problems = new Problems();
  if (!isObject(json)) {
    const hint = Array.isArray(json) ? "queryItems takes a single filter, not an array" : undefined;
    problems.add("E_FILTER_JSON", root, { kind: "queryFilter", ...givenParams(json) }, hint);
    problems.throwIfAny();
  }
  const entry = json as Record<string, unknown>;
  if (Object.hasOwn(entry, "item")) {
    problems.add("E_QUERY_ATTRIBUTE", `${root}.item`, { kind: "json" });
  }
  const operator = checkOperator(entry, root, problems, true);
  const value = operator === null ? undefined : checkOperand(entry, operator, root, problems, options);
  // DynamoDB refuses "" as a key value ("cannot contain an empty string value"), so the emulator does too.
  const empty = Array.isArray(value) ? value.indexOf("") : value === "" ? null : -1;
  if (empty !== -1) problems.add("E_VALUE_TYPE", empty === null ? `${root}.value` : `${root}.value[${empty}]`, { kind: "emptyKey", operator: operator!, value: "" });
  unknownMembers(entry, QUERY_MEMBERS, root, problems, "QueryFilter", "item");
  problems.throwIfAny();
  return { operator: operator!, value: value! };
}

function checkListFilter(json: unknown, path: string, problems: Problems, options: ValidateOptions | undefined): ListFilter | null {
  if (!isObject(json)) {
    problems.add("E_FILTER_JSON", path, { kind: "listFilter", ...givenParams(json) });
    return null;
  }
  const before = problems.list.length;
  const item = checkItem(json, path, problems);
  const operator = checkOperator(json, path, problems, false);
  const value = operator === null ? undefined : checkOperand(json, operator, path, problems, options);
  unknownMembers(json, LIST_MEMBERS, path, problems, "ListFilter");
  if (problems.list.length > before || item === null || operator === null) return null;
  return value === undefined ? { item, operator } : { item, operator, value };
}

function checkItem(entry: Record<string, unknown>, path: string, problems: Problems): string | null {
  const at = `${path}.item`;
  if (!Object.hasOwn(entry, "item")) {
    problems.add("E_FILTER_JSON", at, { kind: "itemMissing" });
    return null;
  }
  const item = entry.item;
  if (typeof item !== "string") {
    problems.add("E_FILTER_JSON", at, { kind: "itemType", ...givenParams(item) });
    return null;
  }
  if (item.length === 0) {
    problems.add("E_FILTER_JSON", at, { kind: "itemEmpty" });
    return null;
  }
  if (LONE_SURROGATE.test(item)) {
    problems.add("E_VALUE_TYPE", at, { kind: "itemSurrogate" });
    return null;
  }
  return item;
}

function checkOperator(entry: Record<string, unknown>, path: string, problems: Problems, query: boolean): Operator | null {
  const at = `${path}.operator`;
  const allowed = query ? QUERY_OPERATORS : LIST_OPERATORS;
  if (!Object.hasOwn(entry, "operator")) {
    problems.add("E_FILTER_JSON", at, { kind: "operatorMissing", expected: [...allowed] });
    return null;
  }
  const written = entry.operator;
  if (typeof written !== "string") {
    problems.add("E_FILTER_JSON", at, { kind: "operatorType", expected: [...allowed], ...givenParams(written) });
    return null;
  }
  const info = operatorInfo(written);
  if (info === undefined) {
    const fix = suggestOperatorName(written, allowed);
    problems.add("E_FILTER_JSON", at, { kind: "unknownOperator", operator: written, ...(fix === undefined ? { expected: [...allowed] } : { suggestion: fix }) });
    return null;
  }
  if (query && !info.query) {
    problems.add("E_QUERY_OPERATOR", at, { kind: "json", operator: written, expected: [...QUERY_OPERATORS] }, "queryItems takes only these operators on the secondary key; find runs any filter");
    return null;
  }
  return info.name;
}

/** Suggests only JSON operator names: from a symbol of the language (`>=`), a known synonym, or the spelling. */
function suggestOperatorName(written: string, allowed: readonly Operator[]): string | undefined {
  const bySymbol = OPERATORS.find((op) => op.symbols.includes(written));
  if (bySymbol !== undefined && allowed.includes(bySymbol.name)) return bySymbol.name;
  const synonym = OPERATOR_MISSPELLINGS[written.toLowerCase().replace(/[_\-\s]/g, "")];
  if (synonym !== undefined && allowed.includes(synonym as Operator)) return synonym;
  if (written.length > 40) return undefined;
  return closest(written, allowed)[0];
}

function checkOperand(
  entry: Record<string, unknown>,
  operator: Operator,
  path: string,
  problems: Problems,
  options: ValidateOptions | undefined,
): Scalar | Scalar[] | undefined {
  const at = `${path}.value`;
  const present = Object.hasOwn(entry, "value");
  const value = present ? entry.value : undefined;
  const issue = checkValue(operator, value, present, options?.maxInValues ?? DEFAULT_LIMITS.maxInValues);
  if (issue !== null) {
    problems.add(issue.code, issue.at === null ? at : `${at}[${issue.at}]`, issue.params, issue.hint);
    return undefined;
  }
  if (!present) return undefined;
  // checkValue has made sure this is a scalar or an array of scalars.
  if (!Array.isArray(value)) {
    if (typeof value === "string" && LONE_SURROGATE.test(value)) {
      problems.add("E_VALUE_TYPE", at, { kind: "surrogate" });
      return undefined;
    }
    return value as Scalar;
  }
  let ok = true;
  for (let i = 0; i < value.length; i++) {
    const v: unknown = value[i];
    if (typeof v === "string" && LONE_SURROGATE.test(v)) {
      problems.add("E_VALUE_TYPE", `${at}[${i}]`, { kind: "surrogate" });
      ok = false;
    }
  }
  return ok ? (value.slice() as Scalar[]) : undefined;
}

/** Strict: a member the service does not define is a mistake (often a misspelling), never ignored. */
function unknownMembers(
  entry: Record<string, unknown>,
  known: ReadonlySet<string>,
  path: string,
  problems: Problems,
  object: string,
  skip?: string,
): void {
  for (const key of Object.keys(entry)) {
    if (problems.full) return;
    if (known.has(key) || key === skip) continue;
    const near = closest(key.length > 40 ? "" : key, known)[0];
    const suggestion: DiagnosticParams = near === undefined || Object.hasOwn(entry, near) ? {} : { suggestion: near };
    problems.add("E_FILTER_JSON", memberPath(path, key), { kind: "member", member: key, object, expected: [...known], ...suggestion });
  }
}

/** `a.b` for plain names, `a["b c"]` otherwise; very long names are cut short. */
function memberPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) && key.length <= 40 ? `${path}.${key}` : `${path}[${shorten(key)}]`;
}

function shorten(text: string): string {
  return JSON.stringify(text.length > 40 ? text.slice(0, 39) + "…" : text);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkValidateOptions(fn: string, options: ValidateOptions | undefined): void {
  checkOptions(fn, options, "path, maxInValues, maxFilters, schema and secondaryKey");
  if (options === undefined || options === null) return;
  checkStringOption(fn, "path", options.path);
  checkStringOption(fn, "secondaryKey", options.secondaryKey);
  checkCountOption(fn, "maxInValues", options.maxInValues);
  checkCountOption(fn, "maxFilters", options.maxFilters);
}
