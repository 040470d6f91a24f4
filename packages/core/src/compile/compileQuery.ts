import type { FilterDocument, FilterNode, PredicateNode } from "../syntax/ast.js";
import { quotePath } from "../scan/quote.js";
import { booleanRefusal, checkLiterals, issueDiagnostic, literalValues, pathRefusal } from "../semantics/lowering.js";
import { hasBoolean } from "../syntax/booleanOperators.js";
import { renderMessage } from "../messages/renderMessage.js";
import { writtenOperator } from "../syntax/writtenOperator.js";
import { FilterError, type Diagnostic } from "../messages/errors.js";
import type { QueryFilter, Scalar } from "../values/filters.js";
import { resolveLimits } from "../values/limits.js";
import { QUERY_OPERATORS, operatorInfo } from "../values/operators.js";
import { isLocalOnly } from "../syntax/typeNames.js";
import type { ParseOptions } from "../schema/parse.js";
import { type FilterInput } from "../tree/readDocument.js";
import { compileFast } from "../schema/toDocument.js";
import { applySchema, schemaIndex } from "../schema/schema.js";
import { checkValue } from "../semantics/valueShapes.js";
import { ScopeError } from "../messages/errors.js";
import { LineIndex, NO_SPAN } from "../messages/location.js";
import { scopeDocument, type ScopeInput } from "../tree/scopedDocument.js";
import { literalValue } from "../syntax/literalValue.js";
import { stringifyJson } from "../values/exactJson.js";

export interface CompileQueryOptions extends ParseOptions {
  /** The table's secondary key name; it may be written instead of `key`. */
  secondaryKey?: string;
  /**
   * The app's own key condition: the result selects exactly `scope and
   * (filter)`. It must itself be a key query (else ScopeError), and the two
   * must make one QueryFilter (equal, or a `>=` and a `<=`), else E_QUERY_SHAPE.
   */
  scope?: ScopeInput;
}

const SHAPE_HINT = "queryItems takes one condition on the secondary key; find runs any filter";

/**
 * Compiles a key query to the one QueryFilter that queryItems takes. Its
 * subject is `key`, the secondary key's name, or nothing at all (`>= 3`).
 */
export function compileQuery(input: FilterInput, options?: CompileQueryOptions): QueryFilter {
  const scope = scopeDocument("compileQuery", options?.scope, options);
  if (scope === null) return compileOwn(input, options);
  const { scope: _scope, schema: _schema, ...trusted } = options!;
  let scoped: QueryFilter;
  try {
    scoped = compileOwn(scope, trusted);
  } catch (error) {
    if (error instanceof FilterError) throw new ScopeError("compileQuery", `is not a key query: ${error.message}`, error.diagnostics);
    throw error;
  }
  let own: QueryFilter;
  try {
    own = compileOwn(input, options);
  } catch (error) {
    // No condition of the person's own: the scope's condition is the whole query.
    if (error instanceof FilterError && error.code === "E_EMPTY") return scoped;
    throw error;
  }
  const merged = mergeQueryFilters(scoped, own);
  if (merged !== null) return merged;
  const span = typeof input === "string" ? new LineIndex(input).span(0, input.length) : NO_SPAN;
  throw new FilterError([
    {
      code: "E_QUERY_SHAPE",
      message: renderMessage("E_QUERY_SHAPE", { kind: "scope" }),
      hint: "options.scope also tests the secondary key, and one QueryFilter cannot hold both; find (or plan) runs them together",
      params: { kind: "scope" },
      span,
    },
  ]);
}

/** Two key conditions as one QueryFilter, where one says both exactly: the same condition, or a `>=` and a `<=` (between). */
function mergeQueryFilters(a: QueryFilter, b: QueryFilter): QueryFilter | null {
  if (a.operator === b.operator && stringifyJson(a.value) === stringifyJson(b.value)) return a;
  const lower = a.operator === "greaterEqual" ? a : b.operator === "greaterEqual" ? b : undefined;
  const upper = a.operator === "lessEqual" ? a : b.operator === "lessEqual" ? b : undefined;
  if (lower === undefined || upper === undefined || lower === upper) return null;
  const value = [lower.value as Scalar, upper.value as Scalar];
  return checkValue("between", value, true, Infinity) === null ? { operator: "between", value } : null;
}

function compileOwn(input: FilterInput, options: CompileQueryOptions | undefined): QueryFilter {
  const schema = options?.schema;
  if (schema === undefined || schema === null) return compileFast(input, options, (doc) => compileDocument(doc, options));
  // A schema knows the secondary key by its stored name, never as `key`: the
  // subject is resolved first, then the schema checks (and maps) it.
  const { schema: _, ...rest } = options!;
  const secondaryKey = options!.secondaryKey;
  // A condition without a subject tests the key too, so the schema checks its type where it knows the key.
  const typed = secondaryKey !== undefined && schemaIndex(schema).resolve(secondaryKey) !== undefined;
  return compileFast(input, rest, (doc) => compileDocument(applySchema(keySubjects(doc, secondaryKey, typed), schema, "query"), options));
}

/**
 * `key` (any case) written as a key query's subject, renamed to the secondary
 * key, or to no subject when its name is not known; with `bare`, a condition
 * without a subject gets the secondary key's name too (at its operator).
 */
function keySubjects(doc: FilterDocument, secondaryKey: string | undefined, bare: boolean): FilterDocument {
  const rename = (node: FilterNode): FilterNode => {
    if (node.type === "And") return { ...node, operands: node.operands.map(rename) };
    if (node.type !== "Predicate") return node;
    if (node.attribute === null) return bare ? { ...node, attribute: { type: "Attribute", name: secondaryKey!, span: node.operatorSpan } } : node;
    if (node.attribute.name.toLowerCase() !== "key") return node;
    return { ...node, attribute: secondaryKey === undefined ? null : { ...node.attribute, name: secondaryKey } };
  };
  return doc.body === null ? doc : { ...doc, body: rename(doc.body) };
}

function compileDocument(doc: FilterDocument, options: CompileQueryOptions | undefined): QueryFilter {
  const body = doc.body;
  if (body === null) {
    throw new FilterError([
      {
        code: "E_EMPTY",
        message: renderMessage("E_EMPTY", {}),
        hint: "a queryItems request needs a condition on the secondary key",
        params: {},
        span: doc.span,
      },
    ]);
  }
  const predicates = shapeOf(body);
  const problems: Diagnostic[] = [];
  const maxInValues = resolveLimits(options).maxInValues;
  for (const p of predicates) checkKeyPredicate(p, options?.secondaryKey, problems, maxInValues);
  if (problems.length > 0) throw new FilterError(problems);

  if (predicates.length === 1) {
    const p = predicates[0]!;
    return { operator: p.operator, value: literalValues(p)! };
  }
  const lower = predicates.find((p) => p.operator === "greaterEqual");
  const upper = predicates.find((p) => p.operator === "lessEqual");
  if (lower === undefined || upper === undefined) {
    const odd = predicates.find((p) => p.operator !== "greaterEqual" && p.operator !== "lessEqual") ?? predicates[1]!;
    const kind = odd.operator === "greaterThan" || odd.operator === "lessThan" ? "rangeExclusive" : "range";
    const params = { kind, operator: odd.operator, written: writtenOperator(odd) };
    throw new FilterError([{ code: "E_QUERY_SHAPE", message: renderMessage("E_QUERY_SHAPE", params), hint: SHAPE_HINT, params, span: odd.span }]);
  }
  const value = [literalValues(lower) as Scalar, literalValues(upper) as Scalar];
  const issue = checkValue("between", value, true, maxInValues);
  if (issue !== null) throw new FilterError([issueDiagnostic(issue, body.span)]);
  return { operator: "between", value };
}

/** One predicate, or the two of a range; anything else is E_QUERY_SHAPE. */
function shapeOf(body: FilterNode): PredicateNode[] {
  if (body.type === "Predicate") return [body];
  if (body.type === "And" && body.operands.length === 2 && body.operands.every((o) => o.type === "Predicate")) {
    return body.operands as PredicateNode[];
  }
  const span = body.type === "And" ? (body.operands[2] ?? body).span : body.span;
  const params = { kind: body.type === "Or" ? "or" : body.type === "Not" ? "not" : "and" };
  throw new FilterError([{ code: "E_QUERY_SHAPE", message: renderMessage("E_QUERY_SHAPE", params), hint: SHAPE_HINT, params, span }]);
}

function checkKeyPredicate(p: PredicateNode, secondaryKey: string | undefined, problems: Diagnostic[], maxInValues: number): void {
  const attr = p.attribute;
  if (attr !== null && attr.path !== undefined && (attr.name.toLowerCase() === "key" || attr.name === secondaryKey)) {
    problems.push(pathRefusal(p, "query"));
    return;
  }
  if (attr !== null && attr.name.toLowerCase() !== "key" && attr.name !== secondaryKey) {
    // A path shows as written (`address.city`), not as its top-level attribute.
    const params = { name: attr.path === undefined ? attr.name : quotePath(attr.name, attr.path), key: secondaryKey ?? null };
    problems.push({
      code: "E_QUERY_ATTRIBUTE",
      message: renderMessage("E_QUERY_ATTRIBUTE", params),
      hint: "queryItems tests only the secondary key; find (with keys) tests other attributes too",
      params,
      fixes: [{ title: "Replace with 'key'", span: attr.span, replacement: "key" }],
      span: attr.span,
    });
    return;
  }
  if (isLocalOnly(p)) {
    checkLiterals(p, problems, maxInValues, "query");
    return;
  }
  if (!operatorInfo(p.operator)!.query) {
    const params = { operator: p.operator, written: writtenOperator(p), expected: [...QUERY_OPERATORS] };
    problems.push({
      code: "E_QUERY_OPERATOR",
      message: renderMessage("E_QUERY_OPERATOR", params),
      hint: "queryItems takes only these operators on the secondary key; find runs any filter",
      params,
      span: p.operatorSpan,
    });
    return;
  }
  const before = problems.length;
  checkLiterals(p, problems, maxInValues, "query");
  if (problems.length === before && hasBoolean(p)) {
    problems.push(booleanRefusal(p, "booleanKey", "DynamoDB keys are strings, numbers or binary, and queryItems compares the key with strings and numbers"));
    return;
  }
  if (problems.length === before) checkNotEmpty(p, problems);
}

/**
 * The service refuses "" as a key value (DynamoDB: "The AttributeValue for a
 * key attribute cannot contain an empty string value"), and no item has an
 * empty key, so a condition with "" is refused here rather than by the service.
 */
function checkNotEmpty(p: PredicateNode, problems: Diagnostic[]): void {
  const literals = p.value === undefined ? [] : Array.isArray(p.value) ? p.value : [p.value];
  const at = literals.findIndex((l) => literalValue(l) === "");
  if (at < 0) return;
  const span = literals[at]!.span;
  const kind = p.operator === "beginsWith" ? "keyPrefix" : p.operator === "between" && at === 0 && literalValue(literals[1]!) !== "" ? "keyRange" : "keyEmpty";
  const params = { kind, operator: p.operator, value: "" };
  const base = { code: "E_VALUE_TYPE" as const, span, params, message: renderMessage("E_VALUE_TYPE", params) };
  if (kind === "keyPrefix") {
    problems.push({
      ...base,
      hint: "the service refuses an empty string as a key value; send the query without a filter",
    });
  } else if (kind === "keyRange") {
    problems.push({
      ...base,
      hint: "the service refuses an empty string as a key value; the range from \"\\u0000\" selects the same keys",
      fixes: [{ title: 'Replace with "\\u0000"', span, replacement: '"\\u0000"' }],
    });
  } else {
    problems.push({
      ...base,
      hint: "the service refuses an empty string as a key value; compare with a value of at least one character",
    });
  }
}
