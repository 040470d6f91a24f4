import { quotePath, stringifyJson, type FilterNode, type LiteralNode } from "@itemfilter/core";

/** The syntax tree as indented lines: node types, and each predicate's attribute, operator and values. */
export function renderTree(node: FilterNode | null, indent = "  "): string[] {
  if (node === null) return [`${indent}(empty: no condition)`];
  const lines: string[] = [];
  const walk = (n: FilterNode, depth: number): void => {
    const pad = indent + "  ".repeat(depth);
    const at = `  ${n.span.start.line}:${n.span.start.column}-${n.span.end.line}:${n.span.end.column}`;
    switch (n.type) {
      case "And":
      case "Or":
        lines.push(`${pad}${n.type}${at}`);
        for (const operand of n.operands) walk(operand, depth + 1);
        return;
      case "Not":
        lines.push(`${pad}Not${at}`);
        walk(n.operand, depth + 1);
        return;
      case "Predicate": {
        const subject = n.attribute === null ? "(the key)" : n.attribute.path === undefined ? n.attribute.name : quotePath(n.attribute.name, n.attribute.path);
        const value = n.value === undefined ? "" : ` ${Array.isArray(n.value) ? `[${n.value.map(literal).join(", ")}]` : literal(n.value)}`;
        lines.push(`${pad}Predicate ${subject} ${n.operator}${value}${at}`);
        return;
      }
    }
  };
  walk(node, 0);
  return lines;
}

function literal(l: LiteralNode): string {
  if (l.type === "Date") return dateLiteralText(l);
  return l.type === "Param" ? `$${l.name}` : stringifyJson(l.value);
}

/** `now`, `today - 1mo`: a relative date as the filter writes it. */
export function dateLiteralText(l: LiteralNode & { type: "Date" }): string {
  return l.offset === undefined ? l.anchor : `${l.anchor} ${l.offset.sign} ${l.offset.amount}${l.offset.unit}`;
}
