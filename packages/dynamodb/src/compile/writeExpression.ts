import {
  compareNumbers,
  compareStrings,
  DYNAMO_TYPES,
  FilterError,
  OPERATORS,
  renderMessage,
  type BooleanNode,
  type Diagnostic,
  type DiagnosticParams,
  type FilterNode,
  type NumberNode,
  type NumberValue,
  type PredicateNode,
  type Span,
  type StringNode,
  type TypeName,
  quotePath,
} from "@itemfilter/core";

/**
 * A value once its parameters are bound (toDocument.ts binds them): a string,
 * number or boolean literal. A boolean reaches only =, <> and IN: the parser
 * refuses it after any other operator, and toDocument parses every tree.
 */
type LiteralNode = StringNode | NumberNode | BooleanNode;
import { fitsDynamoNumber, NULL_TYPE, scalarValue } from "./attributeValue.js";
import { DYNAMO_LIMITS } from "./dynamoLimits.js";
import type { Placeholders } from "./placeholders.js";

/**
 * Writes a syntax tree as one DynamoDB condition expression. `and`, `or` and
 * `not` are DynamoDB's own AND, OR and NOT (its expressions are two-valued:
 * a comparison with a missing attribute is false, and NOT of it true, which
 * is evaluate's plain boolean logic). Chains are flat and parentheses appear
 * only where precedence needs them, since DynamoDB rejects redundant ones
 * (`((x))`). Each condition maps to what selects exactly the items evaluate
 * selects; grammar/semantics.md has the DynamoDB column that says why.
 */

/** Binding strength: OR < AND < NOT < a comparison or function. */
const OR = 0;
const AND = 1;
const NOT = 2;
const ATOM = 3;

const NO_SPAN: Span = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

const COMPARATOR: Partial<Record<string, string>> = {
  equals: "=",
  notEquals: "<>",
  lessThan: "<",
  lessEqual: "<=",
  greaterThan: ">",
  greaterEqual: ">=",
};

class Writer {
  readonly parts: string[] = [];
  length = 0;
  operators = 0;
  /** The condition being written, for the span of a limit error. */
  current: Span;
  lengthSpan: Span | undefined;
  operatorSpan: Span | undefined;
  readonly problems: Diagnostic[] = [];

  constructor(
    readonly placeholders: Placeholders,
    span: Span,
  ) {
    this.current = span;
  }

  put(text: string): void {
    this.parts.push(text);
    // Placeholders and keywords are ASCII, so characters are bytes.
    this.length += text.length;
    if (this.length > DYNAMO_LIMITS.expressionBytes && this.lengthSpan === undefined) this.lengthSpan = this.current;
  }

  op(count = 1): void {
    this.operators += count;
    if (this.operators > DYNAMO_LIMITS.operators && this.operatorSpan === undefined) this.operatorSpan = this.current;
  }
}

/** The operands of a chain, with any same-kind chain inside it (a hand-built tree) spliced in. */
function chain(node: FilterNode & { type: "And" | "Or" }): FilterNode[] {
  const out: FilterNode[] = [];
  for (const operand of node.operands) {
    if (operand.type === node.type) out.push(...chain(operand as typeof node));
    else out.push(operand);
  }
  return out;
}

function uniqueLiterals(values: readonly LiteralNode[]): LiteralNode[] {
  const seen = new Set<string>();
  return values.filter((l) => {
    const key = `${l.type}:${Object.is(l.value, -0) ? 0 : l.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function strength(node: FilterNode): number {
  switch (node.type) {
    case "Or":
      return chain(node).length === 1 ? strength(node.operands[0]!) : OR;
    case "And":
      return chain(node).length === 1 ? strength(node.operands[0]!) : AND;
    case "Not":
      return node.operand.type === "Not" ? strength(node.operand.operand) : NOT;
    case "Predicate":
      switch (node.operator) {
        case "null":
          return OR;
        case "notNull":
        case "notContains":
          return AND;
        case "in":
          return inValues(node).length > DYNAMO_LIMITS.inOperands ? OR : ATOM;
        case "type":
          return dynamoTypes(node).length > 1 ? OR : ATOM;
        case "notType":
          return NOT;
        default:
          return ATOM;
      }
  }
}

/**
 * DynamoDB's type names for a type test (`list` is L and the sets: the item
 * model reads them all as arrays). The name is one of TYPE_NAMES: toDocument
 * parses every filter, and the parser takes no other.
 */
function dynamoTypes(node: PredicateNode): readonly string[] {
  return DYNAMO_TYPES[(node.value as StringNode).value as TypeName];
}

function inValues(node: PredicateNode): LiteralNode[] {
  const v = node.value as LiteralNode | LiteralNode[] | undefined;
  return uniqueLiterals(v === undefined ? [] : Array.isArray(v) ? v : [v]);
}

function write(node: FilterNode, w: Writer, outer: number): void {
  const own = strength(node);
  if (own < outer) {
    w.put("(");
    write(node, w, OR);
    w.put(")");
    return;
  }
  switch (node.type) {
    case "Or":
    case "And": {
      const operands = chain(node);
      const joiner = node.type === "Or" ? " OR " : " AND ";
      operands.forEach((operand, i) => {
        if (i > 0) {
          w.put(joiner);
          w.op();
        }
        // An operand binds at least as tightly as its chain, or it is bracketed.
        write(operand, w, operands.length === 1 ? outer : node.type === "Or" ? OR : AND);
      });
      return;
    }
    case "Not":
      // Double negation cancels (exact in two-valued logic), so NOT NOT never reaches DynamoDB.
      if (node.operand.type === "Not") return write(node.operand.operand, w, outer);
      w.current = node.span ?? w.current;
      w.put("NOT ");
      w.op();
      write(node.operand, w, NOT + 1);
      return;
    case "Predicate":
      writePredicate(node, w);
  }
}

function problem(w: Writer, code: Diagnostic["code"], hint: string, params: DiagnosticParams, span: Span | undefined): void {
  w.problems.push({ code, message: renderMessage(code, params), hint, params, span: span ?? w.current });
}

/** An operator's params: its name, and as the filter writes it (the tree keeps no text). */
function operatorParams(kind: string, node: PredicateNode): DiagnosticParams {
  return { kind, operator: node.operator, written: OPERATORS.find((op) => op.name === node.operator)?.symbols[0] ?? node.operator };
}

function literal(l: LiteralNode, w: Writer): string {
  if (l.type === "Number" && !fitsDynamoNumber(l.value)) {
    problem(w, "E_NUMBER", "write a number within DynamoDB's range", { kind: "dynamo", number: String(l.value) }, l.span);
  }
  return w.placeholders.value(scalarValue(l.value));
}

function one(node: PredicateNode, w: Writer): LiteralNode | undefined {
  const v = node.value as LiteralNode | LiteralNode[] | undefined;
  if (v === undefined || Array.isArray(v)) {
    problem(w, "E_VALUE_TYPE", "give the condition one string or number", operatorParams("oneValue", node), node.span);
    return undefined;
  }
  return v;
}

function writePredicate(node: PredicateNode, w: Writer): void {
  w.current = node.span ?? w.current;
  if (node.attribute === null) {
    problem(w, "E_SYNTAX", "name the attribute the condition tests", operatorParams("noAttribute", node), node.operatorSpan);
    return;
  }
  if (node.fold === true) {
    // DynamoDB compares text exactly: a folded condition runs on a stored folded copy (the schema's `folded`), or locally.
    const shown = quotePath(node.attribute.name, node.attribute.path ?? []);
    const copy = JSON.stringify(node.attribute.path === undefined && /^[A-Za-z_]\w*$/.test(node.attribute.name) ? `${node.attribute.name}Folded` : "folded");
    const hint = `store foldCase(${shown}) in another attribute and name it in the schema: ${JSON.stringify(shown)}: { caseInsensitive: true, folded: ${copy} }; the condition is then sent on it, exactly; planDynamo and findAll check it locally meanwhile`;
    return problem(w, "E_VALUE_TYPE", hint, { ...operatorParams("foldDynamo", node), name: shown }, node.span);
  }
  const name = w.placeholders.path(node.attribute.name, node.attribute.path);
  // size(#a) stands where #a does: DynamoDB's comparisons, BETWEEN and IN all take it (the parser allows no other operator).
  const a = node.size === true ? `size(${name})` : name;
  if (node.size === true) w.op();
  const comparator = COMPARATOR[node.operator];
  if (comparator !== undefined) {
    const v = one(node, w);
    if (v === undefined) return;
    w.put(`${a} ${comparator} ${literal(v, w)}`);
    w.op();
    return;
  }
  switch (node.operator) {
    case "between": {
      const pair = Array.isArray(node.value) && node.value.length === 2 ? (node.value as LiteralNode[]) : undefined;
      if (pair === undefined) return problem(w, "E_VALUE_TYPE", "write between LOW and HIGH", { ...operatorParams("range", node), given: "nothing" }, node.span);
      const [lo, hi] = pair as [LiteralNode, LiteralNode];
      const span = { start: (lo.span ?? node.span).start, end: (hi.span ?? node.span).end };
      // DynamoDB rejects bounds of two types or in the wrong order (a ValidationException), so they never leave here.
      if (lo.type !== hi.type) {
        return problem(w, "E_BETWEEN_BOUNDS", "give both bounds one type", { ...operatorParams("types", node), lower: lo.value, upper: hi.value }, span);
      }
      const reversed = lo.type === "String" ? compareStrings(lo.value, hi.value as string) > 0 : compareNumbers(lo.value as NumberValue, hi.value as NumberValue) > 0;
      if (reversed) {
        return problem(w, "E_BETWEEN_BOUNDS", "write the smaller bound first", { ...operatorParams("order", node), lower: lo.value, upper: hi.value }, span);
      }
      w.put(`${a} BETWEEN ${literal(lo, w)} AND ${literal(hi, w)}`);
      w.op();
      return;
    }
    case "beginsWith": {
      const v = one(node, w);
      if (v === undefined) return;
      // DynamoDB rejects begins_with with a number operand; a prefix is text.
      if (v.type !== "String") {
        const params = { ...operatorParams("typeText", node), expected: "string", given: "number", value: v.value, suggestion: `"${v.value}"` };
        return problem(w, "E_VALUE_TYPE", "quote the prefix", params, v.span);
      }
      w.put(`begins_with(${a}, ${literal(v, w)})`);
      w.op();
      return;
    }
    case "contains": {
      const v = one(node, w);
      if (v === undefined) return;
      w.put(`contains(${a}, ${literal(v, w)})`);
      w.op();
      return;
    }
    case "notContains": {
      // Present (not missing, not DynamoDB's NULL type, which our semantics reads as missing)
      // and not containing: DynamoDB's own NOT contains(...) is also true where the attribute is missing.
      const v = one(node, w);
      if (v === undefined) return;
      const nul = w.placeholders.value(NULL_TYPE);
      w.put(`attribute_exists(${a}) AND NOT attribute_type(${a}, ${nul}) AND NOT contains(${a}, ${literal(v, w)})`);
      w.op(7);
      return;
    }
    case "null":
      // Missing is absent or NULL-typed: attribute_not_exists alone misses {NULL: true}, which exists for DynamoDB.
      w.put(`attribute_not_exists(${a}) OR attribute_type(${a}, ${w.placeholders.value(NULL_TYPE)})`);
      w.op(3);
      return;
    case "notNull":
      w.put(`attribute_exists(${a}) AND NOT attribute_type(${a}, ${w.placeholders.value(NULL_TYPE)})`);
      w.op(4);
      return;
    case "type":
    case "notType": {
      const types = dynamoTypes(node);
      // NOT binds tighter than OR: `a is not list`, four types, needs its parentheses.
      const tests = types.map((t) => `attribute_type(${a}, ${w.placeholders.value({ S: t })})`).join(" OR ");
      const negated = node.operator === "notType";
      w.put(negated ? (types.length > 1 ? `NOT (${tests})` : `NOT ${tests}`) : tests);
      w.op(types.length * 2 - 1 + (negated ? 1 : 0));
      return;
    }
    case "in": {
      const values = inValues(node);
      if (values.length === 0) return problem(w, "E_VALUE_TYPE", "list the values in brackets", operatorParams("inEmpty", node), node.span);
      // DynamoDB takes at most 100 operands in one IN: a longer list is an OR of INs.
      for (let i = 0; i < values.length; i += DYNAMO_LIMITS.inOperands) {
        if (i > 0) {
          w.put(" OR ");
          w.op();
        }
        const chunk = values.slice(i, i + DYNAMO_LIMITS.inOperands).map((l) => literal(l, w));
        w.put(`${a} IN (${chunk.join(", ")})`);
        w.op();
      }
      return;
    }
    default:
      problem(w, "E_VALUE_TYPE", "use an operator from the operator table", { kind: "unknownOperator", operator: node.operator }, node.operatorSpan);
  }
}

/**
 * The condition expression for `node`, with its names and values taken from
 * `placeholders`. Throws FilterError for values DynamoDB would refuse and
 * for DynamoDB's expression limits, with the span of the condition where the
 * limit is passed, before anything is sent.
 */
export function writeExpression(node: FilterNode, placeholders: Placeholders, span: Span | undefined): string {
  const w = new Writer(placeholders, span ?? NO_SPAN);
  write(node, w, OR);
  if (w.problems.length > 0) throw new FilterError(w.problems);
  const text = w.parts.join("");
  if (w.operatorSpan !== undefined) {
    throw new FilterError([
      {
        code: "E_LIMIT",
        message: renderMessage("E_LIMIT", { kind: "dynamoOperators", limit: DYNAMO_LIMITS.operators, operators: w.operators }),
        hint: "split the filter into several, or gather equalities on one attribute into an 'in' list (one operator)",
        params: { kind: "dynamoOperators", limit: DYNAMO_LIMITS.operators, operators: w.operators },
        span: w.operatorSpan,
      },
    ]);
  }
  if (w.lengthSpan !== undefined) {
    throw new FilterError([
      {
        code: "E_LIMIT",
        message: renderMessage("E_LIMIT", { kind: "dynamoBytes", limit: DYNAMO_LIMITS.expressionBytes, bytes: w.length }),
        hint: "split the filter into several; each attribute and value costs a few bytes however long it is",
        params: { kind: "dynamoBytes", limit: DYNAMO_LIMITS.expressionBytes, bytes: w.length },
        span: w.lengthSpan,
      },
    ]);
  }
  return text;
}
