import type { DateNode } from "./ast.js";

/** A relative date as canonical text writes it: `now`, `today - 1mo`. */
export function dateText(node: Pick<DateNode, "anchor" | "offset">): string {
  const o = node.offset;
  return o === undefined ? node.anchor : `${node.anchor} ${o.sign} ${o.amount}${o.unit}`;
}
