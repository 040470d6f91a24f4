import type { DateNode, FilterDocument, FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import { FilterError, type Diagnostic } from "../messages/errors.js";
import { renderMessage } from "../messages/renderMessage.js";
import { dateText } from "../syntax/dateText.js";
import { hasDates } from "../syntax/datedDocuments.js";
import { dateInstant, resolveNow, resolveTimeZone, type DateOptions } from "../values/dateOptions.js";
import { formatDate, type DateFormat } from "../values/relativeDate.js";
import { schemaIndex, type AttributeType, type Schema } from "./schema.js";
import { relativeDateProblem } from "./schemaTypeChecks.js";
import { quotePath } from "../scan/quote.js";

/**
 * compileQuery checks its schema after it has named the key (`key` is the
 * secondary key), so it parses without one; under this key it still gives
 * the schema for the dates' formats. Internal: not an option an app passes.
 */
export const DATE_SCHEMA: unique symbol = Symbol("dateSchema");

interface Context {
  now: number;
  timeZone: string;
  schema: Schema | undefined;
  secondaryKey: string | undefined;
  /** plan's keys: a key whose type is number takes a date only in a number format. */
  keys: KeyTypes | undefined;
  problems: Diagnostic[];
}

/** What resolving reads of plan's `keys` option (planTypes.ts): the keys' names and types. */
interface KeyTypes {
  readonly primary?: unknown;
  readonly secondary?: unknown;
  readonly types?: { readonly primary?: unknown; readonly secondary?: unknown };
}

/**
 * Replaces every relative date with its value, written as the attribute's
 * schema format says (`{ type: "date", format: "epochSeconds" }`), an ISO
 * 8601 instant in UTC without one. The value keeps the date it came from
 * (`date`), for explain and why. Runs after the schema's check (which
 * refuses a date on an attribute of another type); returns the document
 * itself when it holds no relative date. A date past the years 0001-9999 is
 * E_DATE at it.
 */
export function resolveDates(
  doc: FilterDocument,
  options: (DateOptions & { schema?: Schema; secondaryKey?: string; keys?: KeyTypes; [DATE_SCHEMA]?: Schema }) | undefined,
  fn = "resolve",
): FilterDocument {
  if (!hasDates(doc) || doc.body === null) return doc;
  const ctx: Context = {
    now: resolveNow(fn, options?.now),
    timeZone: resolveTimeZone(fn, options?.timeZone),
    schema: options?.schema ?? options?.[DATE_SCHEMA],
    secondaryKey: options?.secondaryKey,
    keys: typeof options?.keys === "object" && options.keys !== null ? options.keys : undefined,
    problems: [],
  };
  const body = resolveNode(doc.body, ctx);
  if (ctx.problems.length > 0) throw new FilterError(ctx.problems);
  return { ...doc, body };
}

function resolveNode(node: FilterNode, ctx: Context): FilterNode {
  switch (node.type) {
    case "And":
    case "Or":
      return { ...node, operands: node.operands.map((o) => resolveNode(o, ctx)) };
    case "Not":
      return { ...node, operand: resolveNode(node.operand, ctx) };
    case "Predicate":
      return resolvePredicate(node, ctx);
  }
}

function resolvePredicate(node: PredicateNode, ctx: Context): PredicateNode {
  const v = node.value;
  if (v === undefined || !(Array.isArray(v) ? v.some(isDate) : isDate(v))) return node;
  const format = formatOf(node, ctx);
  if (typeof format === "object") {
    for (const l of Array.isArray(v) ? v : [v]) if (isDate(l)) ctx.problems.push(relativeDateProblem(format.name, format.type, l));
    return node;
  }
  if (format === "iso" || format === "isoDate") {
    const numeric = numericKey(node, ctx);
    if (numeric !== undefined) {
      for (const l of Array.isArray(v) ? v : [v]) if (isDate(l)) ctx.problems.push(numericKeyProblem(numeric, l));
      return node;
    }
  }
  const one = (l: LiteralNode): LiteralNode => (isDate(l) ? resolveOne(l, format, ctx) : l);
  return { ...node, value: Array.isArray(v) ? v.map(one) : one(v) };
}

const isDate = (l: LiteralNode): l is DateNode => l.type === "Date";

/**
 * The format of the attribute a condition tests: its schema's, else iso; or,
 * where the schema gives it another type, that type (a relative date there
 * is an error: applySchema reports it first, but compileQuery's schema is
 * applied after dates are resolved).
 */
function formatOf(node: PredicateNode, ctx: Context): DateFormat | { name: string; type: AttributeType } {
  if (ctx.schema === undefined) return "iso";
  const attr = node.attribute;
  const key = attr === null || (ctx.secondaryKey !== undefined && attr.path === undefined && attr.name.toLowerCase() === "key");
  const name = key ? ctx.secondaryKey : attr!.name;
  if (name === undefined) return "iso";
  const path = key ? undefined : attr!.path;
  const resolved = schemaIndex(ctx.schema).resolvePath(name, path);
  if (resolved?.type === undefined) return "iso";
  if (resolved.type === "date") return resolved.format ?? "iso";
  return { name: path === undefined ? name : quotePath(name, path), type: resolved.type };
}

/** The key a condition tests when plan's keys give it type number (a date written as text never equals one), else undefined. */
function numericKey(node: PredicateNode, ctx: Context): string | undefined {
  const keys = ctx.keys;
  const name = node.attribute === null || node.attribute.path !== undefined ? undefined : node.attribute.name;
  if (keys === undefined || name === undefined) return undefined;
  if (name === keys.primary && keys.types?.primary === "number") return name;
  if (name === keys.secondary && keys.types?.secondary === "number") return name;
  return undefined;
}

function numericKeyProblem(name: string, node: DateNode): Diagnostic {
  const params = { kind: "dateNumber", name, type: "number", text: dateText(node) };
  return {
    code: "E_ATTRIBUTE_TYPE",
    message: renderMessage("E_ATTRIBUTE_TYPE", params),
    hint: `the key ${JSON.stringify(name)} holds numbers: give it { type: "date", format: "epochSeconds" } (or "epochMillis") in the schema, so the date is written as the number it stores`,
    params,
    span: node.span,
  };
}

function resolveOne(node: DateNode, format: DateFormat, ctx: Context): LiteralNode {
  const t = dateInstant(node, ctx.now, ctx.timeZone);
  if (Number.isNaN(t)) {
    const params = { kind: "range", text: dateText(node) };
    ctx.problems.push({
      code: "E_DATE",
      message: renderMessage("E_DATE", params),
      hint: "a relative date resolves to an instant in the years 0001 to 9999; check the offset and the now option",
      params,
      span: node.span,
    });
    return node;
  }
  const value = formatDate(t, format, ctx.timeZone);
  return typeof value === "string" ? { type: "String", value, span: node.span, date: node } : { type: "Number", value, span: node.span, date: node };
}

