import type { FilterNode, PredicateNode } from "@itemfilter/core";

/**
 * Conditions core's `plan` must not read, planned as stand-ins: an ordering of
 * strings (`a < "x"`), which core's planner checks locally and pairs into the
 * service's between (the service orders numbers only) while DynamoDB takes it
 * as written, `contains` of a number, which the service's planner refuses, and every
 * `contains` and `notContains`, since `notContains` is not `not contains`
 * (false where the attribute is missing, issue 21) and a planner that still
 * rewrites one into the other would change the residual's meaning. None of
 * them can narrow a Query's key range, so nothing is lost. Each one becomes a stand-in:
 * `P` becomes `not M`, where M is an ordering on a name no filter uses. The
 * planner then treats P as a local condition, as it treats a negated
 * ordering, and never sends it to the service; where it comes back in a
 * residual, M is put back as `not P`, and `not M` as P itself: a residual
 * reads as core's planner writes its own, with no `not not`.
 */
export interface Marked {
  body: FilterNode;
  /** Stand-in name -> the condition it replaced. */
  markers: Map<string, PredicateNode>;
}

const ORDERINGS = new Set(["lessThan", "lessEqual", "greaterThan", "greaterEqual"]);

function opaque(node: PredicateNode): boolean {
  if (node.operator === "contains" || node.operator === "notContains") return true;
  const v = node.value;
  return ORDERINGS.has(node.operator) && v !== undefined && !Array.isArray(v) && v.type === "String";
}

export function markRefused(body: FilterNode, used: ReadonlySet<string>): Marked {
  const markers = new Map<string, PredicateNode>();
  const mark = (node: FilterNode): FilterNode => {
    switch (node.type) {
      case "And":
      case "Or":
        return { ...node, operands: node.operands.map(mark) };
      case "Not":
        return { ...node, operand: mark(node.operand) };
      case "Predicate": {
        if (!opaque(node)) return node;
        let name = `\u0000marker${markers.size}`;
        while (used.has(name)) name += "\u0000";
        markers.set(name, node);
        const span = node.span;
        const stand: PredicateNode = {
          type: "Predicate",
          attribute: { type: "Attribute", name, span },
          operator: "lessThan",
          operatorSpan: span,
          value: { type: "Number", value: 0, span },
          span,
        };
        return { type: "Not", operand: stand, span };
      }
    }
  };
  return { body: mark(body), markers };
}

function replaced(node: FilterNode, markers: ReadonlyMap<string, PredicateNode>): PredicateNode | undefined {
  return node.type === "Predicate" && node.attribute !== null ? markers.get(node.attribute.name) : undefined;
}

/** The residual tree with every stand-in back: `not M` as P, a bare M as `not P`. */
export function unmark(node: FilterNode, markers: ReadonlyMap<string, PredicateNode>): FilterNode {
  if (markers.size === 0) return node;
  switch (node.type) {
    case "And":
    case "Or":
      return { ...node, operands: node.operands.map((n) => unmark(n, markers)) };
    case "Not":
      return replaced(node.operand, markers) ?? { ...node, operand: unmark(node.operand, markers) };
    case "Predicate": {
      const original = replaced(node, markers);
      return original === undefined ? node : { type: "Not", operand: original, span: node.span };
    }
  }
}
