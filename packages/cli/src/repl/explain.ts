import {
  compileList,
  compileQuery,
  format,
  formatDiagnostics,
  isFilterError,
  operatorInfo,
  parse,
  quotePath,
  stringifyJson,
  type FilterDocument,
  type FilterNode,
  type PredicateNode,
  type Schema,
} from "@itemfilter/core";
import { formatFilterLines } from "../formatJson.js";
import { dateLiteralText, renderTree } from "./renderTree.js";

export interface ExplainOptions {
  mode: "list" | "query";
  schema?: Schema | undefined;
  secondaryKey?: string | undefined;
  color?: boolean;
}

/**
 * What the compiler did with a filter: the parse tree, each rewrite on the
 * way to the service's form (derived from the tree the way the compiler
 * lowers it), and the compiled JSON or the diagnostics.
 */
export function explain(source: string, options: ExplainOptions): string {
  const out: string[] = [];
  let doc: FilterDocument;
  try {
    doc = parse(source, options.schema === undefined ? {} : { schema: options.schema });
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return formatDiagnostics(source, error, { color: options.color === true });
  }
  out.push("parse tree:", ...renderTree(doc.body));
  const steps = [...aliasSteps(source, doc, options.schema), ...(options.mode === "query" ? querySteps(doc.body, options.secondaryKey) : listSteps(doc.body))];
  out.push("rewrites:");
  if (steps.length === 0) out.push("  (none: each condition is sent as written)");
  steps.forEach((step, i) => out.push(`  ${i + 1}. ${step}`));
  out.push("compiled:");
  try {
    const compiled = options.mode === "query" ? compileQuery(doc, { secondaryKey: options.secondaryKey }) : compileList(doc);
    for (const line of formatFilterLines(compiled).split("\n")) out.push(`  ${line}`);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    out.push(formatDiagnostics(source, error, { color: options.color === true }));
  }
  return out.join("\n");
}

/** Schema aliases the parser renamed to stored names, found by parsing again without the schema. */
function aliasSteps(source: string, doc: FilterDocument, schema: Schema | undefined): string[] {
  if (schema === undefined) return [];
  const written = predicates(parse(source).body);
  const stored = predicates(doc.body);
  const steps: string[] = [];
  written.forEach((p, i) => {
    const before = p.attribute?.name;
    const after = stored[i]?.attribute?.name;
    if (before !== undefined && after !== undefined && before !== after) steps.push(`the alias '${before}' is the schema's attribute '${after}'`);
  });
  return steps;
}

function predicates(node: FilterNode | null): PredicateNode[] {
  if (node === null) return [];
  if (node.type === "Predicate") return [node];
  if (node.type === "Not") return predicates(node.operand);
  return node.operands.flatMap(predicates);
}

function listSteps(body: FilterNode | null): string[] {
  if (body === null) return ["an empty filter is the empty array: every item matches"];
  const steps: string[] = [];
  lower(body, false, steps);
  if (body.type === "And") steps.push(`the ${body.operands.length} conditions joined by 'and' become the filter array, which listItems combines with AND`);
  return steps;
}

/** Mirrors the compiler's lowering: `not` is pushed inward, and an `or` must collapse to one `in`. */
function lower(node: FilterNode, negated: boolean, steps: string[]): void {
  switch (node.type) {
    case "Predicate":
      if (negated) complement(node, steps);
      else if (node.operator === "in" && node.brackets !== true && Array.isArray(node.value) && node.value.length === 1) {
        steps.push(`${format(node)}: 'in' with one value sends it as a scalar (write 'in [..]' for an array)`);
      }
      return;
    case "Not":
      if (negated) steps.push(`not ${format(node)} → ${format(node.operand)}: a double negation cancels`);
      lower(node.operand, !negated, steps);
      return;
    case "And":
      if (!negated) {
        for (const operand of node.operands) lower(operand, false, steps);
        return;
      }
      steps.push(`not (${format(node)}) → ${node.operands.map((o) => negate(o)).join(" or ")}: De Morgan turns 'not' of 'and' into 'or' of the negations`);
      disjunction(node.operands, true, steps);
      return;
    case "Or":
      if (negated) {
        steps.push(`not (${format(node)}) → ${node.operands.map((o) => negate(o)).join(" and ")}: De Morgan turns 'not' of 'or' into 'and' of the negations`);
        for (const operand of node.operands) lower(operand, true, steps);
        return;
      }
      disjunction(node.operands, false, steps);
      return;
  }
}

function disjunction(operands: FilterNode[], negated: boolean, steps: string[]): void {
  for (const operand of operands) lower(operand, negated, steps);
  const names = new Set(predicates({ type: "Or", operands, span: operands[0]!.span }).map((p) => p.attribute?.name));
  const name = names.size === 1 ? [...names][0] : undefined;
  steps.push(
    name === undefined
      ? "alternatives must all test equality on one attribute to become one 'in'; listItems has no 'or'"
      : `the alternatives on '${name}' become one '${name} in (..)' with their values, repeats removed (listItems has no 'or')`,
  );
}

function complement(node: PredicateNode, steps: string[]): void {
  const written = negate(node);
  if (node.operator === "in") {
    const values = Array.isArray(node.value) ? node.value : [];
    const name = node.attribute === null ? "key" : quotePath(node.attribute.name, node.attribute.path);
    steps.push(`${written} → ${values.map((v) => `${name} != ${v.type === "Param" ? `$${v.name}` : v.type === "Date" ? dateLiteralText(v) : stringifyJson(v.value)}`).join(" and ")}: 'not in' is 'notEquals' of each value`);
    return;
  }
  const opposite = operatorInfo(node.operator)?.complement;
  if (node.operator === "contains" || node.operator === "notContains") {
    // Not in the complement table: the service's notContains is false where the attribute is missing.
    const other = node.operator === "contains" ? "notContains" : "contains";
    const name = node.attribute === null ? "the attribute" : quotePath(node.attribute.name, node.attribute.path);
    steps.push(`${written}: listItems has no exact opposite of '${node.operator}': '${other}' is false where ${name} is missing (see the error below)`);
    return;
  }
  if (opposite === undefined) {
    steps.push(`${written}: listItems has no exact opposite of '${node.operator}' (see the error below)`);
    return;
  }
  steps.push(`${written} → ${format({ ...node, operator: opposite })}: the opposite of '${node.operator}' is '${opposite}'`);
}

function negate(node: FilterNode): string {
  return format({ type: "Not", operand: node, span: node.span });
}

function querySteps(body: FilterNode | null, secondaryKey: string | undefined): string[] {
  if (body === null) return [];
  const steps: string[] = [];
  const preds = predicates(body);
  for (const p of preds) {
    if (p.attribute === null) steps.push(`'${format(p)}' has no subject, so it tests the secondary key`);
    else if (secondaryKey !== undefined && p.attribute.name === secondaryKey) steps.push(`'${secondaryKey}' is the table's secondary key: the filter has no 'item' member`);
  }
  if (body.type === "And" && preds.length === 2) steps.push("'key >= a and key <= b' becomes 'between [a, b]', the one range queryItems takes");
  return steps;
}
