import type { PredicateNode } from "../syntax/ast.js";
import { compareStrings } from "../values/compare.js";
import { isStringOrdering } from "../semantics/lowering.js";
import type { Clause } from "./clauses.js";
import { pushed, type Local } from "./terms.js";

/**
 * A range of strings, which the service's orderings cannot take (they order
 * numbers), sent as the between it takes where that is exact. In one clause
 * (a conjunction), a lower bound `a >= x` or `a > x` and an upper bound
 * `a <= y` or `a < y` on the same attribute, with x <= y by UTF-8 bytes,
 * become `a between x and y`, and a strict bound stays in the residual:
 * `a > x and a < y` is `a between x and y` checked again for `a > x and a < y`.
 * A bound alone stays local: strings have no greatest value, so no between
 * holds exactly the strings from x up. See grammar/planning.md.
 */
export function pairStringRanges(clause: Clause): Clause {
  const lowers = new Map<string, Local>();
  const uppers = new Map<string, Local>();
  for (const l of clause.local) {
    const bound = boundOf(l);
    if (bound === undefined) continue;
    const into = bound.lower ? lowers : uppers;
    if (!into.has(bound.name)) into.set(bound.name, l);
  }
  const used = new Set<Local>();
  const push = [...clause.push];
  for (const [name, lower] of lowers) {
    const upper = uppers.get(name);
    if (upper === undefined) continue;
    const from = valueOf(lower);
    const to = valueOf(upper);
    // Bounds the wrong way round match nothing, and the service refuses such a between: they stay local.
    if (compareStrings(from, to) > 0) continue;
    push.push(pushed({ item: name, operator: "between", value: [from, to] }, Math.min(lower.seq, upper.seq)));
    for (const bound of [lower, upper]) if (!isStrict(bound)) used.add(bound);
  }
  if (push.length === clause.push.length) return clause;
  push.sort((x, y) => x.seq - y.seq);
  return { push, local: clause.local.filter((l) => !used.has(l)), span: clause.span };
}

function predicate(l: Local): PredicateNode | undefined {
  const node = l.node;
  // A path's range stays local: the service's `item` names a top-level attribute.
  return node.type === "Predicate" && node.attribute !== null && node.attribute.path === undefined && isStringOrdering(node) ? node : undefined;
}

function boundOf(l: Local): { name: string; lower: boolean } | undefined {
  const node = predicate(l);
  if (node === undefined) return undefined;
  return { name: node.attribute!.name, lower: node.operator === "greaterEqual" || node.operator === "greaterThan" };
}

function valueOf(l: Local): string {
  return (predicate(l)!.value as { value: string }).value;
}

function isStrict(l: Local): boolean {
  const op = predicate(l)!.operator;
  return op === "greaterThan" || op === "lessThan";
}
