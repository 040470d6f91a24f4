import type { FilterDocument, FilterNode, LiteralNode, NotNode, PredicateNode } from "../syntax/ast.js";
import { FilterError, isStackOverflow, ScopeError, type Diagnostic } from "../messages/errors.js";
import { scopeDocument, type ScopeInput } from "../tree/scopedDocument.js";
import type { ListFilter, Scalar } from "../values/filters.js";
import { resolveLimits } from "../values/limits.js";
import type { Span } from "../messages/location.js";
import type { Operator } from "../values/operators.js";
import type { ParseOptions } from "../schema/parse.js";
import type { FilterInput } from "../tree/readDocument.js";
import { STACK_LIMIT } from "../messages/limitMessages.js";
import { compileFast, compileLocated } from "../schema/toDocument.js";
import { parseSinking } from "../tree/parseSource.js";
import { SUNK } from "../syntax/sunk.js";
import { booleanRefusal, checkConditions, checkedLiterals, complementFilters, equalityValues, filterOf, inFilter, missingSubject, predicateFilter, UNCHECKED } from "../semantics/lowering.js";
import { hasBoolean } from "../syntax/booleanOperators.js";
import { MIXED_IN } from "../semantics/valueShapes.js";
import { format } from "../print/format.js";
import { quoted, replaceTitle, shownText } from "../messages/messageText.js";
import { quoteName, quoteString } from "../scan/quote.js";
import { literalValue } from "../syntax/literalValue.js";
import { renderMessage } from "../messages/renderMessage.js";
import { writtenOperator } from "../syntax/writtenOperator.js";

export interface CompileListOptions extends ParseOptions {
  /**
   * The app's own condition: the result selects exactly `scope and (filter)`,
   * whatever the filter text says. Checked first; a problem with it is a
   * ScopeError. The schema applies to the filter text only.
   */
  scope?: ScopeInput;
}

/**
 * Compiles a filter to the listItems form: an array of ListFilter that the
 * service combines with AND. Empty source gives [] (no filter). Anything the
 * array cannot express exactly is a FilterError that points at the text.
 * With a scope, the scope's filters come first; ANDed with the filter's,
 * they select exactly `scope and (filter)`.
 */
export function compileList(input: FilterInput, options?: CompileListOptions): ListFilter[] {
  const scope = scopeDocument("compileList", options?.scope, options);
  const scoped = scope === null ? null : compileScope(scope, options);
  const sunk = typeof input === "string" && input.length >= SINK_FROM && options?.schema === undefined ? compileSinking(input, options) : null;
  const own = sunk === FAILS ? compileLocated(input as string, options, compileDocument) : (sunk ?? compileFast(input, options, compileDocument));
  return scoped === null ? own : [...scoped, ...own];
}

function compileScope(scope: FilterDocument, options: CompileListOptions | undefined): ListFilter[] {
  try {
    return compileDocument(scope, options);
  } catch (error) {
    if (error instanceof FilterError) throw new ScopeError("compileList", `cannot be sent as a listItems filter: ${error.message}; send a scope of equality tests and ranges joined by 'and'`, error.diagnostics);
    throw error;
  }
}

function compileDocument(doc: FilterDocument, options: CompileListOptions | undefined): ListFilter[] {
  const body = doc.body;
  if (body === null) return [];
  const maxInValues = resolveLimits(options).maxInValues;
  // guardStack's work, without a closure per call.
  try {
    return compileBody(body, maxInValues);
  } catch (error) {
    if (isStackOverflow(error)) throw new FilterError([{ code: "E_LIMIT", ...STACK_LIMIT, span: doc.span }]);
    throw error;
  }
}

/** Nothing refused yet. */
const NONE: unique symbol = Symbol("none");

/** The filters of a tree's body: Conjunction's answer over its top-level `and`. */
function compileBody(body: FilterNode, maxInValues: number): ListFilter[] {
  const conjunction = new Conjunction(maxInValues);
  if (body.type !== "And") conjunction.add(body);
  else for (const node of body.operands) conjunction.add(node);
  return conjunction.result();
}

/**
 * Filters at least this long are compiled as they are parsed. Below it a
 * filter's whole tree lives and dies between two young-generation
 * collections anyway, and lowering between the parser's steps measured
 * slower there: at 5 and 50 KB V8 then pretenures the lowering's arrays
 * (allocation-site feedback), which fills the old generation with garbage.
 * From about 100 KB up it is faster (packages/bench, figure 3).
 */
const SINK_FROM = 1 << 16;

/**
 * A long filter compiled as it is parsed: each operand of its top-level
 * `and` checked and lowered as the parser leaves it (parseSinking), so the
 * tree of a megabyte of filter is never whole and dies young, rather than
 * being copied by every collection until it is lowered (packages/bench,
 * figure 3). FAILS at the first problem (a parse problem, or an operand
 * checked or lowered with one): the caller compiles the text located, as
 * compileFast does after its own compile failed, which gives the error
 * (and, were an `or` later at the top to change the answer, the filters)
 * with one parse. Null where the parse cannot sink (parseSinking): the
 * caller compiles the text as any other. So this changes no answer.
 */
function compileSinking(source: string, options: CompileListOptions | undefined): ListFilter[] | null | typeof FAILS {
  const maxInValues = resolveLimits(options).maxInValues;
  const conjunction = new Conjunction(maxInValues);
  let refused = false;
  try {
    const body = parseSinking(source, options, (node) => {
      if (conjunction.add(node)) return;
      refused = true;
      throw GIVE_WAY;
    });
    if (body === false || refused) return FAILS;
    if (body === undefined) return null;
    // No `and` at the top: the sink took nothing, and the body is compiled as compileDocument would.
    if (body !== SUNK) return body === null ? [] : compileBody(body, maxInValues);
    return conjunction.result();
  } catch {
    return refused ? FAILS : null;
  }
}

/** compileSinking's answer for a text that fails (most likely) to compile: compile it located. */
const FAILS: unique symbol = Symbol("fails");

/** Thrown by compileSinking's sink at the first problem: the parse stops, and the text is compiled as any other. */
const GIVE_WAY: unique symbol = Symbol("give way");

/**
 * checkConditions, then lower, in one walk of the top-level conjunction,
 * each operand checked and then lowered while nothing is wrong so far, so
 * that a condition's values are read once (checkedLiterals). The answer is
 * the two passes': every problem the checks find, else the first refusal
 * lowering meets (kept, not thrown, while later operands are checked), else the filters.
 */
class Conjunction {
  private readonly problems: Diagnostic[] = [];
  private readonly out: ListFilter[] = [];
  private refusal: unknown = NONE;

  constructor(private readonly maxInValues: number) {}

  /** Checks and lowers one operand; false once anything is wrong. */
  add(node: FilterNode): boolean {
    const problems = this.problems;
    let values: ReturnType<typeof checkedLiterals> = UNCHECKED;
    if (node.type !== "Predicate") checkConditions(node, problems, this.maxInValues);
    else {
      if (node.attribute === null) problems.push(missingSubject(node));
      values = checkedLiterals(node, problems, this.maxInValues, "list");
    }
    if (problems.length > 0 || this.refusal !== NONE) return false;
    if (values === UNCHECKED) {
      try {
        lower(node, null, this.out, this.maxInValues);
      } catch (error) {
        this.refusal = error;
        return false;
      }
      return true;
    }
    // lower()'s way for a condition without a boolean (checkedLiterals found none): toFilter.
    const filter = filterOf(node as PredicateNode, values);
    const odd = filter.operator === "in" ? mixedAt((node as PredicateNode).value as LiteralNode[]) : -1;
    if (odd >= 0) {
      this.refusal = mixedTypes(((node as PredicateNode).value as LiteralNode[])[odd]!.span);
      return false;
    }
    this.out.push(filter);
    return true;
  }

  result(): ListFilter[] {
    if (this.problems.length > 0) throw new FilterError(this.problems);
    if (this.refusal !== NONE) throw this.refusal;
    return this.out;
  }
}

/**
 * Lowers to a conjunction, pushing `not` inward. `negation` is the `not`
 * that made this subtree negative, or null; it is where E_NOT_UNSUPPORTED points.
 */
function lower(node: FilterNode, negation: NotNode | null, out: ListFilter[], maxInValues: number): void {
  switch (node.type) {
    case "Predicate":
      if (hasBoolean(node)) throw new FilterError([booleanRefusal(node, "booleanList", BOOLEAN_HINT)]);
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

const BOOLEAN_HINT = "the service's ListFilter takes strings and numbers; find (or plan) runs this condition and checks it locally, and compileDynamo sends it as a BOOL";

/** The condition as written; an `in` of strings and numbers is refused, as the service refuses it. */
function toFilter(node: PredicateNode): ListFilter {
  const filter = predicateFilter(node);
  if (filter.operator === "in") {
    const values = node.value as LiteralNode[];
    const odd = mixedAt(values);
    if (odd >= 0) throw mixedTypes(values[odd]!.span);
  }
  return filter;
}

/** The first value of an `in` list whose type is not the first value's, or -1. */
function mixedAt(values: LiteralNode[]): number {
  for (let i = 1; i < values.length; i++) if (values[i]!.type !== values[0]!.type) return i;
  return -1;
}

function complement(node: PredicateNode, negation: NotNode, out: ListFilter[]): void {
  const filters = complementFilters(node);
  if (filters === null) throw notUnsupported(node, negation);
  for (const f of filters) out.push(f);
}

/** The inverse, phrased for a person, of operators the service cannot negate exactly. */
const INVERSE: Partial<Record<Operator, string>> = { lessThan: ">=", lessEqual: ">", greaterThan: "<=", greaterEqual: "<" };

/** What to say instead (the message's kind), and the text that would replace the negation where there is one. */
function notInstead(node: PredicateNode): { kind: string; replacement?: string } {
  const a = node.attribute!.name;
  const inverse = INVERSE[node.operator];
  if (inverse !== undefined && node.value !== undefined && !Array.isArray(node.value)) {
    const replacement = `${quoteName(a)} ${inverse} ${node.value.type === "String" ? quoteString(node.value.value) : String(literalValue(node.value))}`;
    return { kind: "ordering", replacement };
  }
  if (node.operator === "between") return { kind: "between" };
  if (node.operator === "beginsWith") return { kind: "beginsWith" };
  return { kind: "other" };
}

/**
 * `not (a contains x)` is `a notContains x or a is null`, and `not (a notContains x)`
 * is `a contains x or a is null`: the service's notContains is false where the
 * attribute is missing (DynamoDB's answer; grammar/semantics.md), so neither
 * negation is one filter. The nearest filter drops the items without `a`; the
 * fix offers it only where the `not` is this condition's own.
 */
function notContainsUnsupported(node: PredicateNode, negation: NotNode): FilterError {
  const attribute = node.attribute!.name;
  const nearestOperator = node.operator === "contains" ? "notContains" : "contains";
  const nearest = format({ ...node, operator: nearestOperator }, NO_LIMITS);
  const written = `not (${format(node, NO_LIMITS)})`;
  const name = quoteName(attribute);
  // Quoted text is cut as in every message (the replacement itself is whole).
  const fixes = negation.operand === node ? [{ title: `${replaceTitle(nearest)} (drops items with no ${shownText(name)})`, span: negation.span, replacement: nearest }] : [];
  const params = { kind: "contains", attribute, operator: node.operator, condition: written, nearest };
  return new FilterError([
    {
      code: "E_NOT_UNSUPPORTED",
      message: renderMessage("E_NOT_UNSUPPORTED", params),
      hint: `run it as written with find (or plan), which checks it exactly; or, where every item has ${shownText(name)}, write ${quoted(nearest)}`,
      params,
      fixes,
      span: negation.span,
    },
  ]);
}

const NO_LIMITS = { maxLength: Infinity, maxDepth: Infinity, maxPredicates: Infinity, maxInValues: Infinity };

function notUnsupported(node: PredicateNode, negation: NotNode): FilterError {
  if (node.operator === "contains" || node.operator === "notContains") return notContainsUnsupported(node, negation);
  const instead = notInstead(node);
  const params = {
    kind: instead.kind,
    operator: node.operator,
    written: writtenOperator(node),
    attribute: node.attribute!.name,
    ...(instead.replacement === undefined ? {} : { suggestion: instead.replacement }),
  };
  return new FilterError([
    {
      code: "E_NOT_UNSUPPORTED",
      message: renderMessage("E_NOT_UNSUPPORTED", params),
      hint: "one listItems request cannot negate this; find (or plan) runs it as written and checks it locally",
      params,
      ...(instead.replacement === undefined ? {} : { fixes: [{ title: replaceTitle(instead.replacement), span: negation.span, replacement: instead.replacement }] }),
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
  let type: string | undefined;
  const values: Scalar[] = [];
  for (const operand of operands) {
    const part: ListFilter[] = [];
    lower(operand, negation, part, maxInValues);
    const f = part[0];
    const found = part.length === 1 ? equalityValues(f!) : null;
    if (found === null || (item !== undefined && f!.item !== item)) throw orUnsupported(operand, whole);
    item = f!.item;
    // Checked here, where the operand that brings the second type is known: that is the span to show.
    if (type !== undefined && typeof found[0] !== type) throw mixedTypes(operand.span);
    type = typeof found[0];
    for (const v of found) values.push(v);
  }
  const filter = inFilter(item!, values);
  const count = Array.isArray(filter.value) ? filter.value.length : 1;
  if (count > maxInValues) {
    const params = { kind: "alternatives", count, limit: maxInValues };
    throw new FilterError([
      {
        code: "E_LIMIT",
        message: renderMessage("E_LIMIT", params),
        hint: "raise maxInValues to accept more",
        params,
        span: whole.span,
      },
    ]);
  }
  return filter;
}

/** The same words whichever operand comes first: they say what listItems can do and what to use instead. */
function orUnsupported(operand: FilterNode, whole: FilterNode): FilterError {
  const params = { kind: whole.type === "Or" ? "or" : "not and" };
  return new FilterError([
    {
      code: "E_OR_UNSUPPORTED",
      message: renderMessage("E_OR_UNSUPPORTED", params),
      hint: "one listItems request combines its filters with AND; find (or plan) runs any filter as several requests",
      params,
      span: operand.span,
    },
  ]);
}

function mixedTypes(span: Span): FilterError {
  return new FilterError([{ code: "E_IN_MIXED_TYPES", ...MIXED_IN, span }]);
}
