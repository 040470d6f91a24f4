import type { FilterNode } from "@itemfilter/core";

/**
 * Splits a request's leftover conditions into those a Query's
 * FilterExpression may hold and those it may not: DynamoDB refuses a key
 * attributes"). An `and` splits by operand; anything else that names a key
 * is checked locally whole. So is an operand that compares folded text
 * (`fold(a)`, a caseInsensitive attribute without a folded copy): DynamoDB
 * compares text exactly (grammar/semantics.md, "Letter case").
 */
export function splitResidual(node: FilterNode, keyNames: ReadonlySet<string>): { remote: FilterNode[]; local: FilterNode[] } {
  const operands = node.type === "And" ? node.operands : [node];
  const remote: FilterNode[] = [];
  const local: FilterNode[] = [];
  for (const operand of operands) (namesAny(operand, keyNames) ? local : remote).push(operand);
  return { remote, local };
}

function namesAny(node: FilterNode, names: ReadonlySet<string>): boolean {
  const stack: FilterNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === "Predicate") {
      if (n.fold === true || (n.attribute !== null && names.has(n.attribute.name))) return true;
    } else if (n.type === "Not") stack.push(n.operand);
    else stack.push(...n.operands);
  }
  return false;
}
