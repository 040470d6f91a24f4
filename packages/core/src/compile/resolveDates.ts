import type { DateNode, FilterDocument, FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import { FilterError, type Diagnostic } from "../errors.js";
import { renderMessage } from "../renderMessage.js";
import { dateText } from "../syntax/dateText.js";
import { hasDates } from "../syntax/datedDocuments.js";
import { dateInstant, resolveNow, resolveTimeZone, type DateOptions } from "../values/dateOptions.js";
import { formatDate, type DateFormat } from "../values/relativeDate.js";
import { schemaIndex, type Schema } from "./schema.js";

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
  if (!hasDates(doc) || doc.body === null) return doc;
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

