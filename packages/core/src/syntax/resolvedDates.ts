import type { FilterNode } from "./ast.js";
import { dateText } from "./dateText.js";

/** A relative date as written (`now - 7d`, canonical spacing) and the value it resolved to. Plain JSON. */
export interface ResolvedDate {
  readonly text: string;
  readonly value: string | number;
}

/** A resolved date as explain and why print it: `now - 7d = 2026-11-21T09:14:00.000Z`. */
export function resolvedDateLine(d: ResolvedDate): string {
  return `${d.text} = ${d.value}`;
}

/** Every relative date a resolved tree holds, once each in the order written, with its value: what explain and why show. */
export function resolvedDates(node: FilterNode | null, out: ResolvedDate[] = []): ResolvedDate[] {
  if (node === null) return out;
  switch (node.type) {
    case "And":
    case "Or":
      for (const o of node.operands) resolvedDates(o, out);
      return out;
    case "Not":
      return resolvedDates(node.operand, out);
    case "Predicate": {
      const v = node.value;
      for (const l of v === undefined ? [] : Array.isArray(v) ? v : [v]) {
        if ((l.type === "String" || l.type === "Number") && l.date !== undefined) {
          const text = dateText(l.date);
          const value = l.value as string | number;
          if (!out.some((d) => d.text === text && d.value === value)) out.push({ text, value });
        }
      }
      return out;
    }
  }
}
