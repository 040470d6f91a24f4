import type { AndNode, FilterNode } from "./ast.js";
import { NO_SPAN } from "../messages/location.js";

/**
 * The operands of the top-level `and` while a sink takes them
 * (ParseState.sink): the parser pushes each operand here as it would into
 * the And node's array, and it goes to the sink instead, so no array of
 * them is kept; the conjunction itself is then SUNK.
 */
export class Sunk {
  constructor(private readonly sink: (node: FilterNode) => void) {}

  push(node: FilterNode): number {
    this.sink(node);
    return 0;
  }
}

/** The top-level `and` whose operands a sink took: the parse's result stands for them. */
export const SUNK: AndNode = Object.freeze({ type: "And", operands: Object.freeze([]) as unknown as FilterNode[], span: NO_SPAN });
