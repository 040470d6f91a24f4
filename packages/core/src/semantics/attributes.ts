import type { FilterNode } from "../syntax/ast.js";
import type { ParseOptions } from "../schema/parse.js";
import { type FilterInput } from "../tree/readDocument.js";
import { toDocument } from "../schema/toDocument.js";

/**
 * The attribute names a filter reads, each once, in order of first
 * appearance. With a schema, aliases come back as the stored names. A key
 * query's condition without a subject (`>= 3`) names no attribute.
 */
export function attributes(input: FilterInput, options?: ParseOptions): string[] {
  const body = toDocument(input, options, true, false).body;
  const seen = new Set<string>();
  if (body === null) return [];
  // An explicit stack, so a hand-built tree of any depth cannot exhaust the call stack.
  const stack: FilterNode[] = [body];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case "And":
      case "Or":
        for (let i = node.operands.length - 1; i >= 0; i--) stack.push(node.operands[i]!);
        break;
      case "Not":
        stack.push(node.operand);
        break;
      case "Predicate":
        if (node.attribute !== null) seen.add(node.attribute.name);
        break;
    }
  }
  return [...seen];
}
