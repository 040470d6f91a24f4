import type { FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import { checkOptions, checkStringOption } from "../values/checkArgument.js";
import { schemaIndex, type Schema } from "../schema/schema.js";
import type { DiagnosticParams, Fix } from "../messages/errors.js";
import { cutText, MAX_QUOTED, quoted, replaceTitle } from "../messages/messageText.js";
import type { Span } from "../messages/location.js";
import type { ParseOptions } from "../schema/parse.js";
import { quoteName, quotePath, quoteString } from "../scan/quote.js";
import { type FilterInput } from "../tree/readDocument.js";
import { toDocument } from "../schema/toDocument.js";

/**
 * A warning about a filter that is valid but probably not what was meant.
 * It has the shape of a Diagnostic, so formatDiagnostics renders it.
 * - `W_UNSEEN_ATTRIBUTE`: no item seen has this attribute (a typo, most
 *   often); `suggestions` are the nearest names that do exist.
 * - `W_ARRAY_ATTRIBUTE`: `=`, `!=` or `in` on an attribute that holds arrays,
 *   which compare the whole array (`=` and `in` never match one, `!=` always
 *   does); `contains` tests for an element.
 */
export interface AttributeWarning {
  readonly code: "W_UNSEEN_ATTRIBUTE" | "W_ARRAY_ATTRIBUTE";
  readonly message: string;
  /** The attribute name for W_UNSEEN_ATTRIBUTE, the operator for W_ARRAY_ATTRIBUTE. */
  readonly span: Span;
  /** The attribute, as the filter names it. */
  readonly attribute: string;
  /** Did-you-mean names, best first (at most 3); empty for W_ARRAY_ATTRIBUTE. */
  readonly suggestions: readonly string[];
  /** The values the message is made of, as for a Diagnostic. */
  readonly params: DiagnosticParams;
  /** Edits that fix the warning, best first: each suggested name, or `contains` for `=`. */
  readonly fixes?: readonly Fix[];
}

export interface AttributeWarningsOptions extends ParseOptions {
  /** The secondary key: `key` and a condition without a subject test it, as in compileQuery. */
  secondaryKey?: string;
}

/** Most warnings returned, as for diagnostics: hostile input cannot make a huge report. */
const MAX_WARNINGS = 50;

/**
 * Warnings for a filter (text or a tree) against the attributes items are
 * known to have, usually a schema from inferSchema(items): a name no item has
 * (with did-you-mean over the names and aliases), and `=`, `!=` or `in` on an
 * attribute marked `array: true`. Conditions are visited in source order;
 * each occurrence gets its own warning, with its span.
 *
 * The filter is parsed with `options` (limits), so text that does not parse
 * is a FilterError, as for compileList. A schema that is not a Schema is a
 * TypeError. `options.schema` is ignored: `schema` is the one this checks.
 */
export function attributeWarnings(input: FilterInput, schema: Schema, options?: AttributeWarningsOptions): AttributeWarning[] {
  checkOptions("attributeWarnings", options, "limits and secondaryKey");
  const index = schemaIndex(schema);
  const secondaryKey = options?.secondaryKey;
  checkStringOption("attributeWarnings", "secondaryKey", secondaryKey);
  const parseOptions = options === undefined || options === null ? undefined : { ...options, schema: undefined };
  const body = toDocument(input, parseOptions, true, false).body;
  const out: AttributeWarning[] = [];
  if (body === null) return out;
  // An explicit stack, visited in source order, so no tree depth can exhaust the call stack.
  const stack: FilterNode[] = [body];
  while (stack.length > 0 && out.length < MAX_WARNINGS) {
    const node = stack.pop()!;
    if (node.type === "Not") stack.push(node.operand);
    else if (node.type !== "Predicate") for (let i = node.operands.length - 1; i >= 0; i--) stack.push(node.operands[i]!);
    else {
      const warning = check(node, index, secondaryKey);
      if (warning !== undefined) out.push(warning);
    }
  }
  return out;
}

function check(node: PredicateNode, index: ReturnType<typeof schemaIndex>, secondaryKey: string | undefined): AttributeWarning | undefined {
  const attr = node.attribute;
  const isKey = secondaryKey !== undefined && (attr === null || attr.name.toLowerCase() === "key");
  // A nested attribute is looked up, and shown, as its whole path (`address.city`).
  const path = isKey ? undefined : attr?.path;
  const name = isKey ? secondaryKey : attr === null ? undefined : path === undefined ? attr.name : quotePath(attr.name, path);
  if (name === undefined) return undefined;
  const span = attr?.span ?? node.operatorSpan;
  const resolved = path === undefined ? index.resolve(name) : index.resolvePath(attr!.name, path);
  if (resolved === undefined) {
    if (isKey) return undefined; // the key is the table's; items may leave it out of what they show
    const suggestions = index.didYouMean(name);
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map(quoted).join(" or ")}?` : "";
    const warning: AttributeWarning = {
      code: "W_UNSEEN_ATTRIBUTE",
      message: `no item seen has the attribute ${quoted(name)}${hint}`,
      span,
      attribute: name,
      suggestions,
      params: { name: cutText(name, MAX_QUOTED), suggestions },
    };
    if (attr === null || suggestions.length === 0) return warning;
    return { ...warning, fixes: suggestions.map((n) => ({ title: replaceTitle(n), span, replacement: index.written(n) })) };
  }
  // `size(tags) = 3` compares the array's size, which is what it means to.
  if (resolved.array !== true || node.size === true) return undefined;
  const op = node.operator;
  if (op !== "equals" && op !== "notEquals" && op !== "in") return undefined;
  const first = firstString(node.value);
  const written = op === "equals" ? "'='" : op === "notEquals" ? "'!='" : "'in'";
  const effect = op === "notEquals" ? "is true for every array" : "never matches an array";
  const meant = op === "notEquals" ? "notContains" : "contains";
  const single = first !== undefined && (op !== "in" || (Array.isArray(node.value) && node.value.length === 1));
  const subject = path === undefined ? quoteName(name) : name;
  const replacement = first === undefined || attr === null ? undefined : `${quotePath(attr.name, attr.path)} ${meant} ${quoteString(first)}`;
  const fix = first === undefined ? `use ${meant} to test the elements` : `to test the elements, write ${quoted(`${subject} ${meant} ${quoteString(first)}`)}`;
  const warning: AttributeWarning = {
    code: "W_ARRAY_ATTRIBUTE",
    message: `${quoted(name)} holds arrays in the items seen, and ${written} ${effect}; ${fix}`,
    span: node.operatorSpan,
    attribute: name,
    suggestions: [],
    params: { operator: op, name: cutText(name, MAX_QUOTED), ...(replacement === undefined ? {} : { suggestion: cutText(replacement, MAX_QUOTED) }) },
  };
  // A fix only where it keeps the whole condition's meaning: one value, written with a subject.
  if (replacement === undefined || !single) return warning;
  return { ...warning, fixes: [{ title: replaceTitle(replacement), span: node.span, replacement }] };
}

/** The first string value, for the suggested `contains` (which takes a string). */
function firstString(value: LiteralNode | LiteralNode[] | undefined): string | undefined {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.find((l) => l.type === "String")?.value as string | undefined;
}
