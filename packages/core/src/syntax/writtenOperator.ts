import { operatorInfo } from "../values/operators.js";
import type { PredicateNode } from "./ast.js";
import { writtenForm } from "../messages/renderTemplate.js";

/*
 * Messages name an operator as the person wrote it (`'<'`, not `'lessThan'`).
 * The tree keeps only the operator's name and span, so the stages that word
 * errors about a condition run, on the error path, inside withSource(), which
 * makes the text the spans point into known to writtenOperator().
 */

let source: string | undefined;

/** Runs `stage` with `text` as the source the spans of its trees point into. */
export function withSource<T>(text: string, stage: () => T): T {
  const saved = source;
  source = text;
  try {
    return stage();
  } finally {
    source = saved;
  }
}

/**
 * The operator of `node` as its text writes it, when the text is known and
 * the span holds a spelling of that operator; otherwise as a filter writes
 * it (`<`, `beginsWith`), which is how a tree built by hand reads.
 */
export function writtenOperator(node: Pick<PredicateNode, "operator" | "operatorSpan">): string {
  const { start, end } = node.operatorSpan;
  if (source !== undefined && end.offset > start.offset && end.offset <= source.length) {
    const text = source.slice(start.offset, end.offset);
    if (spells(text, node.operator)) return text;
  }
  return writtenForm(node.operator);
}

function spells(text: string, operator: string): boolean {
  if (operator === "null" || operator === "notNull") return /null$/i.test(text) && !/[\r\n]/.test(text) && text.length <= 16;
  const info = operatorInfo(operator);
  return info !== undefined && (info.symbols.includes(text) || info.words.some((w) => w.toLowerCase() === text.toLowerCase()));
}
