import { evaluate, type FilterNode } from "@itemfilter/core";

const UNLIMITED = { maxLength: Infinity, maxPredicates: Infinity, maxDepth: Infinity, maxInValues: Infinity };

/**
 * Whether every item that passes `node` has the attribute `name`: an index
 * holds only the items that have its key attributes (it is sparse), so a
 * Query on it can serve a filter only where the filter implies them. A
 * condition on `name` alone implies it exactly when it is false on an item
 * without it, which `evaluate` decides (so `!=`, `is null` and `not (a < 1)`
 * do not, `notContains` and `a.b = 1` do); an `and` implies what one operand
 * implies, an `or` what every operand implies. Anything else: not implied.
 */
export function impliesPresent(node: FilterNode, name: string): boolean {
  switch (node.type) {
    case "And":
      return node.operands.some((n) => impliesPresent(n, name));
    case "Or":
      return node.operands.every((n) => impliesPresent(n, name));
    case "Not":
    case "Predicate":
      return onlyNames(node, name) && !evaluate(node, {}, UNLIMITED);
  }
}

function onlyNames(node: FilterNode, name: string): boolean {
  switch (node.type) {
    case "Predicate":
      return node.attribute !== null && node.attribute.name === name;
    case "Not":
      return onlyNames(node.operand, name);
    default:
      return node.operands.every((n) => onlyNames(n, name));
  }
}
