import type { FilterNode } from "./ast.js";
import type { ParseState } from "./nodeBuilder.js";
import { Sunk, SUNK } from "./sunk.js";

/*
 * The operand arrays of the parser's `and` and `or` nodes (parser.ts,
 * andExpr and orExpr): flattened as they fill, and at the top level of a
 * parse with a sink, handed to the sink rather than kept (sunk.ts).
 */

/** An `and`'s first operand: into an array, or at the top level of a parse with a sink, to the sink. */
export function conjuncts(first: FilterNode, state: ParseState): FilterNode[] {
  const sink = state.sink;
  if (sink === undefined || state.depth > 0) return flatten("And", first, []);
  return flatten("And", first, new Sunk(sink) as unknown as FilterNode[]);
}

/** An `or`'s first operand. A sunk `and` before an `or` was not the top level after all, and the parse stops (and says why). */
export function disjuncts(first: FilterNode, state: ParseState): FilterNode[] {
  if (first === SUNK) {
    state.orAfterSunk = true;
    throw SUNK;
  }
  return flatten("Or", first, []);
}

/** Appends a node to an operand list, splicing in the operands of a node of the same kind. */
export function flatten(type: "And" | "Or", node: FilterNode | undefined, into: FilterNode[]): FilterNode[] {
  if (node === undefined) return into;
  if (node.type === type) for (const operand of node.operands) into.push(operand);
  else into.push(node);
  return into;
}
