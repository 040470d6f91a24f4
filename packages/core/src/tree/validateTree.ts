import type { AndNode, AttributeNode, FilterDocument, FilterNode, LiteralNode, NotNode, OrNode, PathSegment, PredicateNode } from "../syntax/ast.js";
import { MAX_INDEX, MAX_PATH_STEPS } from "../scan/pathLimits.js";
import { describeValue } from "../values/checkArgument.js";
import { FilterError, type DiagnosticParams, type ErrorCode } from "../messages/errors.js";
import { limitText, type LimitName } from "../messages/limitMessages.js";
import { renderMessage } from "../messages/renderMessage.js";
import { givenParams } from "../messages/valueKind.js";
import type { Limits } from "../values/limits.js";
import { isSpan, NO_SPAN, type Span } from "../messages/location.js";
import { LIST_OPERATORS, operatorInfo, type Operator } from "../values/operators.js";
import { isTypeName, SIZE_OPERATORS, TYPE_NAMES } from "../syntax/typeNames.js";
import { isNameShaped } from "../scan/plainName.js";
import { markParams } from "./bindParams.js";
import { isExactNumber } from "../values/isExactNumber.js";
import type { NumberValue } from "../values/ExactNumber.js";

/*
 * A syntax tree handed to the compilers, the formatter or the evaluator may
 * be built by hand or read back from storage, so it is checked once, here,
 * before anything walks it, and what is used afterwards is a fresh copy of
 * exactly what was checked (so a getter or a later change cannot slip past).
 *
 * - Not a tree at all (not an object, an array, or an object whose `type` is
 *   not Filter, Or, And, Not or Predicate): TypeError, a wrong argument.
 * - A tree with a flaw anywhere below its root: FilterError E_FILTER_JSON,
 *   whose diagnostic has a `path` such as `tree.body.operands[1].operator`.
 *   The first flaw found is reported.
 * - Past a limit: E_LIMIT, as for text. Depth counts groups and negations the
 *   way the text `format` writes for the tree would (so a parsed tree always
 *   passes with the limits it was parsed with); more predicates than
 *   maxPredicates, or more `in` values than maxInValues, are E_LIMIT too.
 *
 * Operators are looked up in the operator table (a Map), so `constructor` or
 * `__proto__` is an unknown operator. Spans are optional: a missing one is
 * NO_SPAN; a present one must be well-formed. A node object met twice (a cycle,
 * or one subtree shared by two parents) is E_FILTER_JSON: a cycle would never
 * end, and sharing can make a small object graph an exponentially large tree.
 * The walk uses its own stack, so no depth of input can exhaust the engine's.
 */

const ROOT = "tree";
const NODE_TYPES = new Set(["Filter", "Or", "And", "Not", "Predicate"]);

/** Whether a value is meant as a syntax tree (then validateTree checks it), as opposed to something else entirely. */
export function looksLikeTree(value: unknown): value is { type: string } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && NODE_TYPES.has((value as { type?: unknown }).type as string);
}

/**
 * Paths are worth building only for an error: a tree is checked first
 * without them (`track` false: every path stays "tree"), and checked again
 * with them only when that fails, to say where.
 */
let track = false;

function join(at: string, member: string): string {
  return track ? at + member : at;
}

function index(at: string, member: string, i: number): string {
  return track ? `${at}${member}[${i}]` : at;
}

/** Checks a tree and returns a fresh, well-formed copy of it as a FilterDocument. */
export function validateTree(input: unknown, limits: Limits): FilterDocument {
  const saved = track;
  try {
    track = false;
    return check(input, limits);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    track = true;
    return check(input, limits);
  } finally {
    track = saved;
  }
}

/** Set by literal() when the walk meets a `$name`, so binding knows to look (bindParams.ts). */
let sawParam = false;

function check(input: unknown, limits: Limits): FilterDocument {
  sawParam = false;
  const doc = checkDocument(input, limits);
  return sawParam ? markParams(doc) : doc;
}

function checkDocument(input: unknown, limits: Limits): FilterDocument {
  if (!looksLikeTree(input)) {
    throw new TypeError(
      `expected filter text (a string) or a syntax tree (a FilterDocument or FilterNode, as parse returns), not ${describeTree(input)}`,
    );
  }
  if (input.type !== "Filter") {
    const body = new TreeCheck(limits).run(input, ROOT);
    return { type: "Filter", body, span: body.span };
  }
  const span = spanAt(own(input, "span"), join(ROOT, ".span"));
  const body = own(input, "body");
  if (body === null) return { type: "Filter", body: null, span };
  return { type: "Filter", body: new TreeCheck(limits).run(body, join(ROOT, ".body")), span };
}

/** What a value is, and for an object with a string `type`, that type: where a node was expected. */
function treeGiven(value: unknown): DiagnosticParams {
  const type = typeof value === "object" && value !== null && !Array.isArray(value) ? own(value, "type") : undefined;
  return typeof type === "string" ? { ...givenParams(value), nodeType: type } : givenParams(value);
}

function describeTree(value: unknown): string {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const type = (value as { type?: unknown }).type;
    return type === undefined ? "an object without a 'type'" : `an object of type ${describeValue(type)}`;
  }
  return describeValue(value);
}

/** A connective on the walk's stack: the node, where it is, its depth, and the copies of the operands done so far. */
interface Frame {
  node: { type: "Or" | "And" | "Not" };
  path: string;
  depth: number;
  operands: readonly unknown[];
  next: number;
  done: FilterNode[];
}

class TreeCheck {
  private predicates = 0;
  private readonly seen = new Set<object>();

  constructor(private readonly limits: Limits) {}

  run(root: unknown, path: string): FilterNode {
    let result: FilterNode | undefined;
    const stack: Frame[] = [];
    // Visits one node: a predicate is checked and copied at once; a connective gets a frame.
    const visit = (node: unknown, at: string, depth: number, parent: Frame | undefined): void => {
      const type = typeOf(node, at);
      const d = depth + (type === "Not" ? 1 : 0) + (parent !== undefined && needsGroup(parent.node.type, type) ? 1 : 0);
      if (d > this.limits.maxDepth) {
        failLimit(at, "maxDepth", this.limits.maxDepth);
      }
      if (type === "Predicate") {
        const copy = this.predicate(node as Record<string, unknown>, at);
        if (parent === undefined) result = copy;
        else parent.done.push(copy);
        return;
      }
      if (this.seen.has(node as object)) fail("E_FILTER_JSON", at, { kind: "twice" });
      this.seen.add(node as object);
      if (type === "Not") {
        stack.push({ node: node as Frame["node"], path: at, depth: d, operands: [own(node as object, "operand")], next: 0, done: [] });
        return;
      }
      const operands = own(node as object, "operands");
      if (!Array.isArray(operands)) fail("E_FILTER_JSON", join(at, ".operands"), { kind: "operands", node: type, ...givenParams(operands) });
      if (operands.length === 0) fail("E_FILTER_JSON", join(at, ".operands"), { kind: "noOperands", node: type });
      // Every operand holds at least one predicate: a longer list (even a sparse one) is over the limit before it is read.
      if (operands.length > this.limits.maxPredicates) {
        failLimit(join(at, ".operands"), "maxPredicates", this.limits.maxPredicates);
      }
      stack.push({ node: node as Frame["node"], path: at, depth: d, operands, next: 0, done: [] });
    };

    visit(root, path, 0, undefined);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      if (frame.next < frame.operands.length) {
        const i = frame.next++;
        const at = frame.node.type === "Not" ? join(frame.path, ".operand") : index(frame.path, ".operands", i);
        visit(frame.operands[i], at, frame.depth, frame);
        continue;
      }
      stack.pop();
      const span = spanAt(own(frame.node, "span"), join(frame.path, ".span"));
      const copy: FilterNode =
        frame.node.type === "Not"
          ? ({ type: "Not", operand: frame.done[0]!, span } satisfies NotNode)
          : ({ type: frame.node.type, operands: frame.done, span } satisfies OrNode | AndNode);
      const parent = stack[stack.length - 1];
      if (parent === undefined) result = copy;
      else parent.done.push(copy);
    }
    return result!;
  }

  private predicate(node: Record<string, unknown>, at: string): PredicateNode {
    if (++this.predicates > this.limits.maxPredicates) {
      failLimit(at, "maxPredicates", this.limits.maxPredicates);
    }
    const operator = own(node, "operator");
    const typeTest = operator === "type" || operator === "notType";
    const info = typeof operator === "string" ? operatorInfo(operator) : undefined;
    if (info === undefined && !typeTest) {
      const params: DiagnosticParams = typeof operator === "string" ? { kind: "unknownOperator", operator } : { kind: "operatorType", expected: [...LIST_OPERATORS], ...givenParams(operator) };
      fail("E_FILTER_JSON", join(at, ".operator"), params, "OPERATORS lists the operator names");
    }
    const name = operator as Operator;
    const attribute = this.attribute(own(node, "attribute"), join(at, ".attribute"));
    const value = typeTest ? typeNameLiteral(own(node, "value"), join(at, ".value")) : this.value(name, info!.value, own(node, "value"), join(at, ".value"));
    const size = own(node, "size");
    if (size !== undefined && size !== true) fail("E_FILTER_JSON", join(at, ".size"), { kind: "size", ...givenParams(size) });
    if (size === true && !SIZE_OPERATORS.has(name)) fail("E_FILTER_JSON", join(at, ".operator"), { kind: "sizeOperator", operator: name });
    const brackets = own(node, "brackets");
    if (brackets !== undefined && brackets !== true) fail("E_FILTER_JSON", join(at, ".brackets"), { kind: "brackets", ...givenParams(brackets) });
    const copy: { -readonly [K in keyof PredicateNode]: PredicateNode[K] } = {
      type: "Predicate",
      attribute,
      operator: name,
      operatorSpan: spanAt(own(node, "operatorSpan"), join(at, ".operatorSpan")),
      span: spanAt(own(node, "span"), join(at, ".span")),
    };
    if (value !== undefined) copy.value = value;
    if (brackets === true && name === "in") copy.brackets = true;
    if (size === true) copy.size = true;
    return copy;
  }

  private attribute(attr: unknown, at: string): AttributeNode | null {
    // A key query's condition may leave its subject out; undefined is read as null, as a hand-built tree may omit it.
    if (attr === null || attr === undefined) return null;
    if (typeof attr !== "object" || own(attr, "type") !== "Attribute") fail("E_FILTER_JSON", at, { kind: "attribute", ...treeGiven(attr) });
    const name = own(attr, "name");
    if (typeof name !== "string" || name === "") fail("E_FILTER_JSON", join(at, ".name"), { kind: "attributeName", ...givenParams(name) });
    if (hasLoneSurrogate(name)) fail("E_FILTER_JSON", join(at, ".name"), { kind: "nameSurrogate" });
    const span = spanAt(own(attr, "span"), join(at, ".span"));
    const path = own(attr, "path");
    if (path === undefined) return { type: "Attribute", name, span };
    return { type: "Attribute", name, path: pathSteps(path, join(at, ".path")), span };
  }

  /** The value's shape from the operator table; whether its type fits the operator is the compilers' check, not this one. */
  private value(operator: Operator, shape: string, value: unknown, at: string): LiteralNode | LiteralNode[] | undefined {
    if (shape === "none") {
      if (value !== undefined) fail("E_FILTER_JSON", at, { kind: "noValue", operator });
      return undefined;
    }
    if (shape === "range") {
      if (!Array.isArray(value) || value.length !== 2) fail("E_FILTER_JSON", at, { kind: "between", operator, ...givenParams(value) });
      return [literal(value[0], index(at, "", 0)), literal(value[1], index(at, "", 1))];
    }
    if (shape === "list") {
      if (!Array.isArray(value)) return [literal(value, at)];
      if (value.length === 0) fail("E_FILTER_JSON", at, { kind: "inEmpty", operator });
      if (value.length > this.limits.maxInValues) failLimit(at, "maxInValues", this.limits.maxInValues);
      const out: LiteralNode[] = [];
      for (let i = 0; i < value.length; i++) out.push(literal(value[i], index(at, "", i)));
      return out;
    }
    if (Array.isArray(value)) fail("E_FILTER_JSON", at, { kind: "oneLiteral", operator });
    return literal(value, at);
  }
}

/** A path's steps (ast.ts): member names and indexes, as many as the scanner takes (scanPath.ts). */
function pathSteps(path: unknown, at: string): PathSegment[] {
  if (!Array.isArray(path) || path.length === 0 || path.length > MAX_PATH_STEPS) fail("E_FILTER_JSON", at, { kind: "path", limit: MAX_PATH_STEPS, ...givenParams(path) });
  const steps: PathSegment[] = [];
  for (let i = 0; i < path.length; i++) {
    const step: unknown = path[i];
    const ok = typeof step === "string" ? step !== "" && !hasLoneSurrogate(step) : Number.isSafeInteger(step) && (step as number) >= 0 && (step as number) <= MAX_INDEX;
    if (!ok) fail("E_FILTER_JSON", index(at, "", i), { kind: "pathStep", ...givenParams(step) });
    steps.push(step as PathSegment);
  }
  return steps;
}

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text has half a surrogate pair; most text has no surrogates at all, which one quick search settles. */
function hasLoneSurrogate(text: string): boolean {
  return SURROGATE.test(text) && LONE.test(text);
}

function literal(node: unknown, at: string): LiteralNode {
  const type = typeof node === "object" && node !== null ? own(node, "type") : undefined;
  const value = type === undefined ? undefined : own(node as object, "value");
  if (type === "String" && typeof value === "string") {
    if (hasLoneSurrogate(value)) fail("E_FILTER_JSON", join(at, ".value"), { kind: "stringSurrogate" });
    return { type: "String", value, span: spanAt(own(node as object, "span"), join(at, ".span")) };
  }
  if (type === "Number" && (typeof value === "number" || isExactNumber(value))) {
    if (typeof value === "number" && !Number.isFinite(value)) fail("E_FILTER_JSON", join(at, ".value"), { kind: "notFinite", value: String(value) });
    return { type: "Number", value: value as NumberValue, span: spanAt(own(node as object, "span"), join(at, ".span")) };
  }
  if (type === "Boolean" && typeof value === "boolean") {
    return { type: "Boolean", value, span: spanAt(own(node as object, "span"), join(at, ".span")) };
  }
  if (type === "Param") {
    const name = own(node as object, "name");
    // The name must read back as the same parameter when the tree is formatted.
    if (typeof name !== "string" || !isNameShaped(name)) fail("E_FILTER_JSON", join(at, ".name"), { kind: "paramName", ...treeGiven(name) });
    sawParam = true;
    return { type: "Param", name, span: spanAt(own(node as object, "span"), join(at, ".span")) };
  }
  return fail("E_FILTER_JSON", at, { kind: "literal", ...treeGiven(node) });
}

/** A type test's value: a String node whose value names a type (`{ type: "String", value: "list" }`). */
function typeNameLiteral(node: unknown, at: string): LiteralNode {
  const l = node === undefined ? undefined : literal(node, at);
  if (l?.type !== "String" || !isTypeName(l.value)) fail("E_FILTER_JSON", at, { kind: "typeName", expected: [...TYPE_NAMES] });
  return l;
}

function typeOf(node: unknown, at: string): "Or" | "And" | "Not" | "Predicate" {
  const type = typeof node === "object" && node !== null && !Array.isArray(node) ? own(node, "type") : undefined;
  if (type === "Or" || type === "And" || type === "Not" || type === "Predicate") return type;
  return fail("E_FILTER_JSON", at, { kind: "node", ...treeGiven(node) });
}

/** Whether `format` puts a child of this type in parentheses under this parent: a group, which counts toward maxDepth. */
function needsGroup(parent: "Or" | "And" | "Not", child: string): boolean {
  if (child !== "And" && child !== "Or") return false;
  return parent === "Not" || parent === "And" || child === "Or";
}

/** An own member only: a tree never reads what its prototype chain says. */
function own(node: object, key: string): unknown {
  return Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

function spanAt(span: unknown, at: string): Span {
  if (span === undefined) return NO_SPAN;
  if (!isSpan(span)) fail("E_FILTER_JSON", at, { kind: "span" });
  return span;
}

function fail(code: ErrorCode, path: string, params: DiagnosticParams, hint?: string): never {
  throw new FilterError([{ code, message: renderMessage(code, params), ...(hint === undefined ? {} : { hint }), params, span: NO_SPAN, path }]);
}

function failLimit(path: string, name: LimitName, limit: number): never {
  const { params, hint } = limitText(name, limit);
  return fail("E_LIMIT", path, params, hint);
}
