import type { FilterNode, LiteralNode, PredicateNode } from "../syntax/ast.js";
import type { Diagnostic } from "../messages/errors.js";
import type { ListFilter, Scalar } from "../values/filters.js";
import { isNumberValue } from "../values/isExactNumber.js";
import type { Span } from "../messages/location.js";
import { operatorInfo } from "../values/operators.js";
import { checkValue, type ValueIssue } from "./valueShapes.js";
import { replaceTitle } from "../messages/messageText.js";
import { literalValue } from "../syntax/literalValue.js";
import { renderMessage } from "../messages/renderMessage.js";
import { writtenOperator } from "../syntax/writtenOperator.js";
import { booleanOperatorProblem, hasBoolean, misusedBoolean } from "../syntax/booleanOperators.js";
import { isLocalOnly } from "../syntax/typeNames.js";
import { quotePath } from "../scan/quote.js";
import { foldRefusal } from "./foldRefusal.js";
import { foldValue } from "./foldedTest.js";

/**
 * The exact rewrites from a condition to ListFilters, shared by compileList
 * (which turns what they cannot do into errors) and the planner (which keeps
 * it to check locally). Each rule here selects exactly the items the
 * condition does, by the rules of grammar/semantics.md.
 */

/**
 * Who reads the conditions: compileList (`list`) and compileQuery (`query`)
 * send each one as the service's filter, so they refuse what the service
 * cannot take (a range of strings); the planner (`local`) checks those locally.
 */
export type Reader = "list" | "query" | "local";

/** Per-predicate checks, all reported together: a subject is present and each value fits its operator. */
export function checkConditions(node: FilterNode, problems: Diagnostic[], maxInValues: number, reader: Reader = "list"): void {
  switch (node.type) {
    case "And":
    case "Or":
      for (const operand of node.operands) checkConditions(operand, problems, maxInValues, reader);
      return;
    case "Not":
      checkConditions(node.operand, problems, maxInValues, reader);
      return;
    case "Predicate":
      if (node.attribute === null) problems.push(missingSubject(node));
      checkLiterals(node, problems, maxInValues, reader);
  }
}

/** The orderings, compared as strings rather than looked up in a Set: cheaper, for a test every string condition takes. */
function isOrdering(operator: string): boolean {
  return operator === "lessThan" || operator === "lessEqual" || operator === "greaterThan" || operator === "greaterEqual";
}

/** `a >= "x"`: an ordering with a string, which the language and DynamoDB take and the service's filters do not. */
export function isStringOrdering(node: PredicateNode): boolean {
  // The value's type first: most conditions have none or a number, and that test is cheaper than the set's.
  const v = node.value;
  return v !== undefined && !Array.isArray(v) && (v as LiteralNode).type === "String" && isOrdering(node.operator);
}

const STRING_ORDERING_HINT: Record<"list" | "query", string> = {
  list: "find (or plan) runs a range of strings exactly: it sends 'a >= x and a <= y' as between and checks the rest locally; compileDynamo sends it as written",
  query: "find (with keys) runs a range of strings on the key exactly: it sends 'key >= x and key <= y' as between and checks the rest locally",
};

/** `size(a) > 3` or `a is string` where the service's filter is written: no ListFilter or QueryFilter tests either. */
function localOnlyRefusal(node: PredicateNode, reader: "list" | "query"): Diagnostic {
  const size = node.size === true;
  const params = { kind: size ? "sizeService" : "typeService", operator: node.operator, written: writtenOperator(node) };
  const runs = reader === "list" ? "find (or plan) runs it and checks it locally" : "find (with keys) runs it and checks it locally";
  const hint = `${runs}; compileDynamo sends it as DynamoDB's ${size ? "size()" : "attribute_type()"}`;
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint, params, span: node.span };
}

/** The refusal of `a >= "x"` where the service's filter is written, at the string, with the way on in the hint. */
function stringOrderingRefusal(node: PredicateNode, reader: "list" | "query"): Diagnostic {
  const at = node.value as LiteralNode;
  const params = { kind: "stringOrdering", operator: node.operator, written: writtenOperator(node), value: literalValue(at) };
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint: STRING_ORDERING_HINT[reader], params, span: at.span };
}

/** Whether a condition tests a nested attribute (`address.city`), which no service filter names. */
export function hasPath(node: PredicateNode): boolean {
  return node.attribute !== null && node.attribute.path !== undefined;
}

const PATH_HINT: Record<"list" | "query", string> = {
  list: "find (or plan) runs it and checks it locally; compileDynamo sends the path as written",
  query: "a key is a string or a number, which has no members or elements; find (with keys) checks other paths locally",
};

/** `address.city = "Oslo"` where the service's filter is written: its `item` names a top-level attribute. At the path. */
export function pathRefusal(node: PredicateNode, reader: "list" | "query"): Diagnostic {
  const attr = node.attribute!;
  const params = { kind: "pathService", path: quotePath(attr.name, attr.path), name: attr.name, operator: node.operator, written: writtenOperator(node) };
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint: PATH_HINT[reader], params, span: attr.span };
}

/** A condition without a subject (`> 3`) where a list filter is read: only a key query may leave the attribute out. */
export function missingSubject(node: PredicateNode): Diagnostic {
  const params = { kind: "noAttribute", operator: node.operator, written: writtenOperator(node) };
  return { code: "E_SYNTAX", message: renderMessage("E_SYNTAX", params), params, span: node.operatorSpan };
}

/** Value-shape checks from the operator table, with the span of the offending literal. Mixed `in` lists pass: see checkValue. */
export function checkLiterals(node: PredicateNode, problems: Diagnostic[], maxInValues: number, reader: Reader = "list"): void {
  checkedLiterals(node, problems, maxInValues, reader);
}

/** What checkedLiterals gives for a condition whose values it did not find fit as written. */
export const UNCHECKED: unique symbol = Symbol("unchecked");

/**
 * checkLiterals, giving the condition's values as literalValues() reads
 * them when it found them fit for the operator as written (no boolean, no
 * fold), so a compiler need not read them again; else UNCHECKED, whether
 * or not it reported a problem.
 */
export function checkedLiterals(node: PredicateNode, problems: Diagnostic[], maxInValues: number, reader: Reader): Scalar | Scalar[] | undefined | typeof UNCHECKED {
  const v = node.value;
  if (reader !== "local" && hasPath(node)) {
    problems.push(pathRefusal(node, reader));
    return UNCHECKED;
  }
  if (node.fold === true && reader !== "local") {
    problems.push(foldRefusal(node, reader));
    return UNCHECKED;
  }
  if (isLocalOnly(node)) {
    if (reader !== "local") {
      problems.push(localOnlyRefusal(node, reader));
      return UNCHECKED;
    }
    // A type's name is checked by the parser; a size's numbers are checked below, as any number is.
    if (node.size !== true) return UNCHECKED;
  }
  if (isStringOrdering(node)) {
    if (reader !== "local") problems.push(stringOrderingRefusal(node, reader));
    return UNCHECKED;
  }
  if (hasBoolean(node)) {
    // The parser refuses `a < true`; a tree built by hand or a bound parameter can still hold one.
    const misused = misusedBoolean(node);
    if (misused !== undefined) problems.push({ code: "E_VALUE_TYPE", ...booleanOperatorProblem(node.operator, writtenOperator(node)), span: misused.span });
    return UNCHECKED;
  }
  // No boolean (just checked), so these are literalValues(node).
  const written = v === undefined ? undefined : Array.isArray(v) ? v.map(literalValue) : literalValue(v);
  // fold(a) compares folded values, so its bounds are ordered as they fold: `fold(a) between "a" and "B"` is a range.
  const plain = node.fold === true ? (foldValue(written) as typeof written) : written;
  if (checkValue(node.operator, plain, v !== undefined, maxInValues, true) === null) return node.fold === true ? UNCHECKED : (written as Scalar | Scalar[] | undefined);
  // Checked again, on the error path only, to word the issue with the operator as written.
  const issue = checkValue(node.operator, plain, v !== undefined, maxInValues, true, writtenOperator(node))!;
  const span = Array.isArray(v) ? (issue.at === null ? spanOfAll(v) : v[issue.at]!.span) : (v?.span ?? node.operatorSpan);
  problems.push(issueDiagnostic(issue, span));
  return UNCHECKED;
}

/** A value issue at `span`, with its fix when the issue knows the text that would replace the value there. */
export function issueDiagnostic(issue: ValueIssue, span: Span): Diagnostic {
  const d: Diagnostic = { code: issue.code, message: issue.message, params: issue.params, span, ...(issue.hint === undefined ? {} : { hint: issue.hint }) };
  return issue.replacement === undefined ? d : { ...d, fixes: [{ title: replaceTitle(issue.replacement), span, replacement: issue.replacement }] };
}

export function spanOfAll(values: LiteralNode[]): Span {
  return { start: values[0]!.span.start, end: values[values.length - 1]!.span.end };
}

/** A condition's values as the service's; callers keep conditions with a boolean away from here (hasBoolean). */
export function literalValues(node: PredicateNode): Scalar | Scalar[] | undefined {
  const v = node.value;
  return v === undefined ? undefined : Array.isArray(v) ? v.map(scalarValue) : scalarValue(v);
}

function scalarValue(l: LiteralNode): Scalar {
  const value = literalValue(l);
  if (typeof value === "boolean") throw new TypeError("a condition with a boolean has no ListFilter: check hasBoolean before lowering it");
  return value;
}

/**
 * A condition with a boolean where the service's values are read: a
 * ListFilter (`booleanList`) or a key (`booleanKey`) holds strings and
 * numbers only. At the first boolean, with the way on in the hint.
 */
export function booleanRefusal(node: PredicateNode, kind: "booleanList" | "booleanKey", hint: string): Diagnostic {
  const v = node.value!;
  const at = (Array.isArray(v) ? v : [v]).find((l) => l.type === "Boolean")!;
  const params = { kind, operator: node.operator, written: writtenOperator(node) };
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint, params, span: at.span };
}

/** The condition as written, as one ListFilter. The subject must be present. */
export function predicateFilter(node: PredicateNode): ListFilter {
  return filterOf(node, literalValues(node));
}

/** predicateFilter, with the condition's values already read (checkedLiterals). */
export function filterOf(node: PredicateNode, value: Scalar | Scalar[] | undefined): ListFilter {
  const item = node.attribute!.name;
  if (value === undefined) return { item, operator: node.operator };
  // `in` with one value sends it as a scalar, as the service's samples do, unless written as an array.
  if (node.operator === "in" && node.brackets !== true && Array.isArray(value) && value.length === 1) return { item, operator: "in", value: value[0]! };
  return { item, operator: node.operator, value };
}

/**
 * `not` of the condition as ListFilters combined with AND, or null when the
 * service has no exact complement (the orderings, between, beginsWith).
 * `not (a in (x, y))` is `a != x and a != y`.
 */
export function complementFilters(node: PredicateNode): ListFilter[] | null {
  const item = node.attribute!.name;
  if (node.operator === "in") {
    return uniqueScalars(literalValues(node) as Scalar[]).map((value) => ({ item, operator: "notEquals", value }));
  }
  const opposite = operatorInfo(node.operator)!.complement;
  if (opposite === undefined) return null;
  const value = literalValues(node);
  return [value === undefined ? { item, operator: opposite } : { item, operator: opposite, value }];
}

/** The values an `equals` or `in` filter accepts, as a list; null for any other filter. */
export function equalityValues(filter: ListFilter): Scalar[] | null {
  if (filter.operator === "equals") return [filter.value as Scalar];
  if (filter.operator === "in") return Array.isArray(filter.value) ? filter.value : [filter.value as Scalar];
  return null;
}

/** `a = x or a = y …` as one `in`: repeats dropped, one value sent as a scalar, as compileList always has. */
export function inFilter(item: string, values: readonly Scalar[]): ListFilter {
  const distinct = uniqueScalars(values);
  return { item, operator: "in", value: distinct.length === 1 ? distinct[0]! : distinct };
}

/** "string" or "number" when every value has that type, else null. */
export function oneType(values: readonly Scalar[]): "string" | "number" | null {
  const first = scalarKind(values[0]);
  if (first === undefined) return null;
  return values.every((v) => scalarKind(v) === first) ? first : null;
}

/** "string" or "number" (either form of number), else undefined. */
export function scalarKind(v: unknown): "string" | "number" | undefined {
  return typeof v === "string" ? "string" : isNumberValue(v) ? "number" : undefined;
}

/** Values without repeats, first occurrence kept; 1 and "1" are different values, 0 and -0 one (and an ExactNumber is one object per value). */
export function uniqueScalars(values: readonly Scalar[]): Scalar[] {
  const seen = new Set<Scalar>();
  const out: Scalar[] = [];
  for (const v of values) {
    if (seen.has(v)) continue;
    seen.add(v);
    out.push(v);
  }
  return out;
}
