import type { FilterDocument, FilterNode, LiteralNode, NotNode, PredicateNode } from "../syntax/ast.js";
import { FilterError, type Diagnostic } from "../errors.js";
import type { ListFilter, Scalar } from "./filters.js";
import { resolveLimits } from "../syntax/limits.js";
import type { Span } from "../syntax/location.js";
import { operatorInfo, type Operator } from "../operators.js";
import type { ParseOptions } from "../syntax/parse.js";
import { compileFast, guardStack, type FilterInput } from "../syntax/toDocument.js";
import { checkValue } from "./valueShapes.js";

export type CompileListOptions = ParseOptions;

/**
 * Compiles a filter to the listItems form: an array of ListFilter that the
 * service combines with AND. Empty source gives [] (no filter). Anything the
 * array cannot express exactly is a FilterError that points at the text.
 */
export function compileList(input: FilterInput, options?: CompileListOptions): ListFilter[] {
  return compileFast(input, options, (doc) => compileDocument(doc, options));
}

function compileDocument(doc: FilterDocument, options: CompileListOptions | undefined): ListFilter[] {
  const body = doc.body;
  if (body === null) return [];
  const maxInValues = resolveLimits(options).maxInValues;
  return guardStack(() => {
    const problems: Diagnostic[] = [];
    checkPredicates(body, problems, maxInValues);
    if (problems.length > 0) throw new FilterError(problems);
    const out: ListFilter[] = [];
    lower(body, null, out, maxInValues);
    return out;
  }, doc.span);
}

/** Per-predicate checks, all reported together: a subject is present and each value fits its operator. */
function checkPredicates(node: FilterNode, problems: Diagnostic[], maxInValues: number): void {
  switch (node.type) {
    case "And":
    case "Or":
      for (const operand of node.operands) checkPredicates(operand, problems, maxInValues);
      return;
    case "Not":
      checkPredicates(node.operand, problems, maxInValues);
      return;
    case "Predicate":
      if (node.attribute === null) {
        problems.push({ code: "E_SYNTAX", message: `expected an attribute name before '${node.operator}'`, span: node.operatorSpan });
      }
      checkLiterals(node, problems, maxInValues);
  }
}

/** Value-shape checks from the operator table, with the span of the offending literal. */
export function checkLiterals(node: PredicateNode, problems: Diagnostic[], maxInValues: number): void {
  const v = node.value;
  const plain = v === undefined ? undefined : Array.isArray(v) ? v.map((l) => l.value) : v.value;
  const issue = checkValue(node.operator, plain, v !== undefined, maxInValues);
  if (issue === null) return;
  const span = Array.isArray(v) ? (issue.at === null ? spanOfAll(v) : v[issue.at]!.span) : (v?.span ?? node.operatorSpan);
  problems.push({ code: issue.code, message: issue.message, span });
}

function spanOfAll(values: LiteralNode[]): Span {
  return { start: values[0]!.span.start, end: values[values.length - 1]!.span.end };
}

export function literalValues(node: PredicateNode): Scalar | Scalar[] | undefined {
  const v = node.value;
  return v === undefined ? undefined : Array.isArray(v) ? v.map((l) => l.value) : v.value;
}

/**
 * Lowers to a conjunction, pushing `not` inward. `negation` is the `not`
 * that made this subtree negative, or null; it is where E_NOT_UNSUPPORTED points.
 */
function lower(node: FilterNode, negation: NotNode | null, out: ListFilter[], maxInValues: number): void {
  switch (node.type) {
    case "Predicate":
      if (negation === null) out.push(toFilter(node));
      else complement(node, negation, out);
      return;
    case "Not":
      // Double negation cancels.
      lower(node.operand, negation === null ? node : null, out, maxInValues);
      return;
    case "And":
      if (negation === null) for (const operand of node.operands) lower(operand, null, out, maxInValues);
      else out.push(disjunction(node.operands, negation, node, maxInValues)); // not (a and b) = not a or not b
      return;
    case "Or":
      if (negation === null) out.push(disjunction(node.operands, null, node, maxInValues));
      else for (const operand of node.operands) lower(operand, negation, out, maxInValues); // De Morgan
      return;
  }
}

function toFilter(node: PredicateNode): ListFilter {
  const item = node.attribute!.name;
  const value = literalValues(node);
  if (value === undefined) return { item, operator: node.operator };
  // `in` with one value sends it as a scalar, as the service's samples do, unless written as an array.
  if (node.operator === "in" && node.brackets !== true && Array.isArray(value) && value.length === 1) return { item, operator: "in", value: value[0]! };
  return { item, operator: node.operator, value };
}

function complement(node: PredicateNode, negation: NotNode, out: ListFilter[]): void {
  const item = node.attribute!.name;
  if (node.operator === "in") {
    // not (a in (x, y)) is a != x and a != y.
    for (const value of unique(literalValues(node) as Scalar[])) out.push({ item, operator: "notEquals", value });
    return;
  }
  const opposite = operatorInfo(node.operator)!.complement;
  if (opposite === undefined) throw notUnsupported(node, negation);
  const value = literalValues(node);
  out.push(value === undefined ? { item, operator: opposite } : { item, operator: opposite, value });
}

/** The inverse, phrased for a person, of operators the service cannot negate exactly. */
const NOT_HINTS: Partial<Record<Operator, (a: string, v: string) => string>> = {
  lessThan: (a, v) => `did you mean '${a} >= ${v}'? (that also drops items where ${a} is missing or not a number)`,
  lessEqual: (a, v) => `did you mean '${a} > ${v}'? (that also drops items where ${a} is missing or not a number)`,
  greaterThan: (a, v) => `did you mean '${a} <= ${v}'? (that also drops items where ${a} is missing or not a number)`,
  greaterEqual: (a, v) => `did you mean '${a} < ${v}'? (that also drops items where ${a} is missing or not a number)`,
  between: (a) => `'not between' would need 'or' (${a} below or above the range), which listItems cannot express`,
  beginsWith: () => "the service has no 'not beginsWith'; 'notContains' is the nearest it has",
};

function notUnsupported(node: PredicateNode, negation: NotNode): FilterError {
  const a = node.attribute!.name;
  const v = Array.isArray(node.value) ? "" : node.value === undefined ? "" : JSON.stringify(node.value.value);
  const hint = NOT_HINTS[node.operator]?.(a, v) ?? "";
  return new FilterError([
    {
      code: "E_NOT_UNSUPPORTED",
      message: `listItems cannot express 'not' of '${node.operator}' exactly; ${hint}`,
      span: negation.span,
    },
  ]);
}

/**
 * An `or` (or a negated `and`) is exact only as one `in`: every operand must
 * lower to `equals` or `in` on the same attribute.
 */
function disjunction(operands: FilterNode[], negation: NotNode | null, whole: FilterNode, maxInValues: number): ListFilter {
  let item: string | undefined;
  const values: Scalar[] = [];
  for (const operand of operands) {
    const part: ListFilter[] = [];
    lower(operand, negation, part, maxInValues);
    const f = part[0];
    const ok = part.length === 1 && (f!.operator === "equals" || f!.operator === "in") && (item === undefined || f!.item === item);
    if (!ok) throw orUnsupported(operand, whole, item);
    item = f!.item;
    if (Array.isArray(f!.value)) for (const v of f!.value) values.push(v);
    else values.push(f!.value as Scalar);
  }
  const distinct = unique(values);
  if (distinct.length > maxInValues) {
    throw new FilterError([{ code: "E_LIMIT", message: `these alternatives make an 'in' of ${distinct.length} values; the limit is ${maxInValues} (maxInValues)`, span: whole.span }]);
  }
  return { item: item!, operator: "in", value: distinct.length === 1 ? distinct[0]! : distinct };
}

function orUnsupported(operand: FilterNode, whole: FilterNode, item: string | undefined): FilterError {
  const why =
    item !== undefined && operand.type === "Predicate" && operand.attribute !== null && operand.attribute.name !== item
      ? `, and this tests '${operand.attribute.name}' instead of '${item}'`
      : "";
  const kind = whole.type === "Or" ? "'or'" : "'not (… and …)'";
  return new FilterError([
    {
      code: "E_OR_UNSUPPORTED",
      message: `listItems combines filters with AND, so ${kind} can only join equality tests on one attribute (a = 1 or a = 2 becomes a in (1, 2))${why}`,
      span: operand.span,
    },
  ]);
}

/** Values without repeats, first occurrence kept; 1 and "1" are different values. */
function unique(values: Scalar[]): Scalar[] {
  const seen = new Set<Scalar>();
  const out: Scalar[] = [];
  for (const v of values) {
    if (seen.has(v)) continue;
    seen.add(v);
    out.push(v);
  }
  return out;
}

