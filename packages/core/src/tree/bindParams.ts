import type { FilterDocument, FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import { describeValue } from "../values/checkArgument.js";
import { FilterError, type Diagnostic, type DiagnosticParams } from "../messages/errors.js";
import { cutText, MAX_QUOTED, shownText } from "../messages/messageText.js";
import { renderMessage } from "../messages/renderMessage.js";
import { givenParams } from "../messages/valueKind.js";
import { formatNumber } from "../scan/numbers.js";
import { isExactNumber } from "../values/isExactNumber.js";
import type { NumberValue } from "../values/ExactNumber.js";
import { NUMBER_HINT, numberProblemOf } from "../values/numberValue.js";
import { quoteString } from "../scan/quote.js";
import { booleanOperatorProblem, misusedBoolean } from "../syntax/booleanOperators.js";
import { literalValue } from "../syntax/literalValue.js";
import { sizeValueProblem } from "../syntax/sizeAndTypeProblems.js";
import { writtenOperator } from "../syntax/writtenOperator.js";

/** A parameter's value: a string, a finite number (an ExactNumber too) or a boolean, or for `in` a list of them. */
export type ParamValue = string | NumberValue | boolean | readonly (string | NumberValue | boolean)[];

/** The values of a filter's `$name` parameters, by name (without the `$`). */
export type Params = Readonly<Record<string, ParamValue>>;

/** Where a bound value stands in the text, so errors about it can be kept from printing it. */
interface BoundParam {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly value: ParamValue;
}

/** Documents that hold at least one parameter; the parser and the tree check mark them, so binding a filter without any costs one lookup. */
const WITH_PARAMS = new WeakSet<FilterDocument>();
/** The values bound into a document, for redacting the errors later stages throw about them. */
const BOUND = new WeakMap<FilterDocument, readonly BoundParam[]>();

export function markParams(doc: FilterDocument): FilterDocument {
  WITH_PARAMS.add(doc);
  return doc;
}

/** Checks the `params` option itself: a programming mistake is a TypeError, as for every option. */
export function checkParamsOption(fn: string, params: unknown): Params | undefined {
  if (params === undefined || params === null) return undefined;
  if (typeof params !== "object" || Array.isArray(params)) {
    throw new TypeError(`${fn}: options.params takes an object of values by name, such as { tenant: "t1" }, not ${describeValue(params)}`);
  }
  return params as Params;
}

const hasOwn = Object.hasOwn;

/**
 * Replaces every `$name` with the value `params` gives it, as a literal at
 * the parameter's span: a value is used as it is and never passes through
 * the parser, so a string with quotes, `)` or ` or ` in it is that string.
 * A list value spreads into an `in`. Throws FilterError E_PARAM_MISSING for a
 * name with no value and E_VALUE_TYPE for a value no literal could be; no
 * message prints a value (it may be a secret). Returns the document itself
 * when it holds no parameter.
 */
export function bindParams(doc: FilterDocument, params: Params | undefined): FilterDocument {
  if (!WITH_PARAMS.has(doc) || doc.body === null) return doc;
  const problems: Diagnostic[] = [];
  const bound: BoundParam[] = [];
  const body = bindNode(doc.body, params ?? {}, problems, bound);
  if (problems.length > 0) throw new FilterError(problems);
  const out: FilterDocument = { ...doc, body };
  BOUND.set(out, bound);
  return out;
}

function bindNode(node: FilterNode, params: Params, problems: Diagnostic[], bound: BoundParam[]): FilterNode {
  switch (node.type) {
    case "And":
    case "Or":
      return { ...node, operands: node.operands.map((o) => bindNode(o, params, problems, bound)) };
    case "Not":
      return { ...node, operand: bindNode(node.operand, params, problems, bound) };
    case "Predicate":
      return bindPredicate(node, params, problems, bound);
  }
}

function bindPredicate(node: PredicateNode, params: Params, problems: Diagnostic[], bound: BoundParam[]): PredicateNode {
  const out = bindValues(node, params, problems, bound);
  // `a < $x` with x true: refused as `a < true` is, at the parameter.
  const misused = out === node ? undefined : misusedBoolean(out);
  if (misused !== undefined && node.size !== true) problems.push({ code: "E_VALUE_TYPE", ...booleanOperatorProblem(node.operator, writtenOperator(node)), span: misused.span });
  // `size(a) = $x` with x a string: refused as `size(a) = "3"` is, at the parameter (its value redacted later).
  if (out !== node && node.size === true) {
    const values = out.value === undefined ? [] : Array.isArray(out.value) ? out.value : [out.value];
    const odd = values.find((l) => l.type !== "Number");
    if (odd !== undefined) {
      const { code, message, hint, params } = sizeValueProblem(literalValue(odd), 0, 0, false);
      problems.push({ code, message, hint: hint!, params, span: odd.span });
    }
  }
  return out;
}

function bindValues(node: PredicateNode, params: Params, problems: Diagnostic[], bound: BoundParam[]): PredicateNode {
  const v = node.value;
  if (v === undefined) return node;
  const list = node.operator === "in";
  if (!Array.isArray(v)) {
    if (v.type !== "Param") return node;
    const values = bindOne(v, params, list, problems, bound);
    if (values === undefined) return node;
    // `a in $list` is an `in` of the list's values; a scalar stays one value, as `in x` does.
    return { ...node, value: list && values.length !== 1 ? values : values[0]! };
  }
  if (!v.some((l) => l.type === "Param")) return node;
  const out: LiteralNode[] = [];
  for (const l of v) {
    if (l.type !== "Param") out.push(l);
    else for (const b of bindOne(l, params, list, problems, bound) ?? [l]) out.push(b);
  }
  return { ...node, value: out };
}

function bindOne(p: LiteralNode & { type: "Param" }, params: Params, list: boolean, problems: Diagnostic[], bound: BoundParam[]): LiteralNode[] | undefined {
  const name = p.name;
  const span = p.span;
  if (!hasOwn(params, name) || params[name] === undefined) {
    problems.push({
      code: "E_PARAM_MISSING",
      message: renderMessage("E_PARAM_MISSING", { name }),
      hint: `pass its value in options.params (params: { ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: … }); a parameter's value comes from the app, never from the text`,
      params: { name },
      span,
    });
    return undefined;
  }
  const value: unknown = params[name];
  const wrong = (kind: string, expected: string): undefined => {
    // What the value is, never what it holds: a message about a parameter never shows its value.
    const params = { kind, name, expected, given: givenParams(value).given };
    problems.push({
      code: "E_VALUE_TYPE",
      message: renderMessage("E_VALUE_TYPE", params),
      hint: "params takes strings, finite numbers and booleans, and arrays of them for 'in'",
      params,
      span,
    });
    return undefined;
  };
  if (Array.isArray(value)) {
    if (!list) return wrong("paramList", "paramValue");
    if (value.length === 0) return wrong("paramEmpty", "paramValues");
    if (!value.every(isScalar)) return wrong("paramItems", "paramValues");
  } else if (!isScalar(value)) {
    return wrong("paramType", list ? "paramValues" : "paramValue");
  }
  const values = Array.isArray(value) ? (value as (string | NumberValue | boolean)[]) : [value as string | NumberValue | boolean];
  // A double DynamoDB cannot hold (1e300, 5e-324) is refused as such a literal is, on every target; named, never shown.
  for (const v of values) {
    const problem = typeof v === "number" ? numberProblemOf(v) : undefined;
    if (problem === "large" || problem === "small") {
      const params = { kind: problem, number: `$${name}` };
      problems.push({ code: "E_NUMBER", message: renderMessage("E_NUMBER", params), hint: NUMBER_HINT, params, span });
      return undefined;
    }
  }
  bound.push({ name, start: span.start.offset, end: span.end.offset, value: value as ParamValue });
  return values.map((s) =>
    typeof s === "string" ? { type: "String", value: s, span } : typeof s === "boolean" ? { type: "Boolean", value: s, span } : { type: "Number", value: s, span },
  );
}

function isScalar(v: unknown): v is string | NumberValue | boolean {
  return typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)) || isExactNumber(v);
}

/**
 * The error with every value bound into `doc` taken out of the diagnostics
 * about it (those whose span holds a parameter's): in messages, hints,
 * params and fixes the value becomes `$name`. Later stages word their
 * errors as for a literal; this keeps a parameter's value, which may be a
 * secret, out of what the person sees.
 */
export function redactParams(error: unknown, doc: FilterDocument): unknown {
  const bound = BOUND.get(doc);
  if (bound === undefined || !(error instanceof FilterError)) return error;
  let changed = false;
  const diagnostics = error.diagnostics.map((d) => {
    // About a parameter: every bound value is kept out, since a message may name another condition's too (`between $lo and $hi`).
    if (!bound.some((b) => b.start <= d.span.end.offset && b.end >= d.span.start.offset)) return d;
    changed = true;
    return redactDiagnostic(d, bound);
  });
  return changed ? new FilterError(diagnostics) : error;
}

/** `to`, a document made from `from` (with a scope, say), keeps the record of the values bound into `from`. */
export function keepBound(from: FilterDocument, to: FilterDocument): FilterDocument {
  const bound = BOUND.get(from);
  if (bound !== undefined) BOUND.set(to, bound);
  return to;
}

/** Runs a stage over a bound document, redacting what it throws. */
export function withRedaction<T>(doc: FilterDocument, stage: () => T): T {
  try {
    return stage();
  } catch (error) {
    throw redactParams(error, doc);
  }
}

/** Params that name a shape, a word of the text or a limit, never a value: a value equal to one leaves it alone. */
const NOT_VALUES = new Set(["kind", "operator", "written", "expected", "given", "type", "name", "attribute", "key", "limit", "count", "length"]);

function redactDiagnostic(d: Diagnostic, bound: readonly BoundParam[]): Diagnostic {
  const forms: [string, string][] = [];
  for (const b of bound) for (const v of Array.isArray(b.value) ? b.value : [b.value]) for (const f of textForms(v)) forms.push([f, `$${b.name}`]);
  // Longest first, so a value that holds another is replaced whole.
  forms.sort((a, b) => b[0].length - a[0].length);
  const text = (s: string): string => forms.reduce((acc, [f, r]) => replaceAll(acc, f, r), s);
  const values = new Map<unknown, string>();
  for (const b of bound) {
    for (const v of Array.isArray(b.value) ? b.value : [b.value]) {
      values.set(v, `$${b.name}`);
      if (typeof v === "string") values.set(cutText(v, MAX_QUOTED), `$${b.name}`);
    }
  }
  const params: Record<string, DiagnosticParams[string]> = {};
  // Params that are now a `$name` whole: the message shows them as they are, not quoted as a value.
  const redacted: string[] = [];
  for (const [k, v] of Object.entries(d.params ?? {})) {
    if (k === "redacted") continue;
    if (NOT_VALUES.has(k)) {
      params[k] = v;
      continue;
    }
    if (Array.isArray(v)) params[k] = v.map((x) => values.get(x) ?? (typeof x === "string" ? text(x) : x));
    else if (values.has(v)) {
      params[k] = values.get(v)!;
      redacted.push(k);
    } else params[k] = typeof v === "string" ? text(v) : v;
  }
  if (redacted.length > 0) params.redacted = redacted;
  const fixes = (d.fixes ?? []).filter((f) => text(f.replacement) === f.replacement);
  // The message is rendered again from the redacted params, so it is still a function of code and params.
  const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d, message: renderMessage(d.code, params), params };
  if (d.hint !== undefined) out.hint = text(d.hint);
  if (fixes.length > 0) out.fixes = fixes;
  else delete out.fixes;
  return out;
}

/** The ways a message may print a value: quoted as in a filter, as shown (cut and escaped) in quotes, a number's digits. */
function textForms(v: string | NumberValue | boolean): string[] {
  if (typeof v === "number" || isExactNumber(v)) return [formatNumber(v), String(v)];
  // The words true and false are the language's own (and any message's), never taken for a value.
  if (typeof v === "boolean") return [];
  // Messages quote a string value in double quotes; the bare text could be any word of the message.
  return [quoteString(v), `"${shownText(v)}"`];
}

/** Replaces whole occurrences only: a number's digits inside a longer number or name are left alone. */
function replaceAll(s: string, find: string, by: string): string {
  let out = "";
  let from = 0;
  for (let at = s.indexOf(find); at >= 0; at = s.indexOf(find, at + 1)) {
    if (at < from) continue;
    if (/^[\w.]/.test(find) && at > 0 && /[\w.]/.test(s[at - 1]!)) continue;
    if (/[\w.]$/.test(find) && /[\w.]/.test(s[at + find.length] ?? "")) continue;
    out += s.slice(from, at) + by;
    from = at + find.length;
  }
  return out + s.slice(from);
}
