import type { DateNode, FilterDocument, FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import { describeValue } from "../checkArgument.js";
import { FilterError, type Diagnostic } from "../errors.js";
import { renderMessage } from "../renderMessage.js";
import { dateText } from "../syntax/dateText.js";
import { addToDate, formatDate, inDateRange, isTimeZone, startOfDay, type DateFormat } from "../values/relativeDate.js";
import { schemaIndex, type Schema } from "./schema.js";

/** The options every function that takes a filter reads for its relative dates. */
export interface DateOptions {
  /**
   * The instant `now` stands for: a Date, epoch milliseconds, or an ISO 8601
   * string (`2026-11-28T09:14:00Z`). The time of the call when left out.
   */
  now?: Date | number | string;
  /** The IANA time zone whose midnight `today` is, and whose calendar `mo`, `y` and isoDate follow (default "UTC"). */
  timeZone?: string;
}

/** Documents that hold a relative date; the parser and the tree check mark them, so a filter without one costs one lookup. */
const WITH_DATES = new WeakSet<FilterDocument>();

export function markDates(doc: FilterDocument): FilterDocument {
  WITH_DATES.add(doc);
  return doc;
}

/** Whether a document still holds a relative date to resolve. */
export function hasDates(doc: FilterDocument): boolean {
  return WITH_DATES.has(doc);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The `now` option as epoch milliseconds, Date.now() when absent. A value of
 * another kind is a programming mistake: a TypeError that says what it takes.
 */
export function resolveNow(fn: string, now: unknown): number {
  if (now === undefined || now === null) return Date.now();
  const ms = now instanceof Date ? now.getTime() : typeof now === "number" ? now : typeof now === "string" && ISO_INSTANT.test(now) ? Date.parse(now) : Number.NaN;
  if (!inDateRange(ms)) {
    throw new TypeError(`${fn}: options.now takes a Date, epoch milliseconds or an ISO 8601 string such as "2026-11-28T09:14:00Z" (years 0001 to 9999), not ${describeValue(now)}`);
  }
  return ms;
}

/** The `timeZone` option, "UTC" when absent; a name Intl does not know is a TypeError. */
export function resolveTimeZone(fn: string, timeZone: unknown): string {
  if (timeZone === undefined || timeZone === null || timeZone === "UTC") return "UTC";
  if (typeof timeZone !== "string" || !isTimeZone(timeZone)) {
    throw new TypeError(`${fn}: options.timeZone takes an IANA time zone name such as "Europe/Oslo" or "UTC", not ${describeValue(timeZone)}`);
  }
  return timeZone;
}

/** The instant a relative date names, or NaN past the years every format writes. */
export function dateInstant(node: Pick<DateNode, "anchor" | "offset">, now: number, timeZone: string): number {
  const base = node.anchor === "today" ? startOfDay(now, timeZone) : now;
  const offset = node.offset;
  if (offset === undefined) return base;
  const t = addToDate(base, offset.sign === "-" ? -offset.amount : offset.amount, offset.unit, timeZone);
  return inDateRange(t) ? t : Number.NaN;
}

interface Context {
  now: number;
  timeZone: string;
  schema: Schema | undefined;
  secondaryKey: string | undefined;
  problems: Diagnostic[];
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
export function resolveDates(doc: FilterDocument, options: (DateOptions & { schema?: Schema; secondaryKey?: string }) | undefined, fn = "resolve"): FilterDocument {
  if (!WITH_DATES.has(doc) || doc.body === null) return doc;
  const ctx: Context = {
    now: resolveNow(fn, options?.now),
    timeZone: resolveTimeZone(fn, options?.timeZone),
    schema: options?.schema,
    secondaryKey: options?.secondaryKey,
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
  const one = (l: LiteralNode): LiteralNode => (isDate(l) ? resolveOne(l, format, ctx) : l);
  return { ...node, value: Array.isArray(v) ? v.map(one) : one(v) };
}

const isDate = (l: LiteralNode): l is DateNode => l.type === "Date";

/** The format of the attribute a condition tests: its schema's, else iso. */
function formatOf(node: PredicateNode, ctx: Context): DateFormat {
  if (ctx.schema === undefined) return "iso";
  const attr = node.attribute;
  const name = attr === null || (ctx.secondaryKey !== undefined && attr.name.toLowerCase() === "key") ? ctx.secondaryKey : attr.name;
  if (name === undefined) return "iso";
  const resolved = schemaIndex(ctx.schema).resolvePath(name, attr?.path);
  return resolved?.type === "date" ? (resolved.format ?? "iso") : "iso";
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

/** Every relative date a resolved tree holds, once each in the order written, with its value: what explain and why show. */
export function resolvedDates(node: FilterNode | null, out: { text: string; value: string | number }[] = []): { text: string; value: string | number }[] {
  if (node === null) return out;
  switch (node.type) {
    case "And":
    case "Or":
      for (const o of node.operands) resolvedDates(o, out);
      return out;
    case "Not":
      return resolvedDates(node.operand, out);
    case "Predicate": {
      const v = node.value;
      for (const l of v === undefined ? [] : Array.isArray(v) ? v : [v]) {
        if ((l.type === "String" || l.type === "Number") && l.date !== undefined) {
          const text = dateText(l.date);
          const value = l.value as string | number;
          if (!out.some((d) => d.text === text && d.value === value)) out.push({ text, value });
        }
      }
      return out;
    }
  }
}
