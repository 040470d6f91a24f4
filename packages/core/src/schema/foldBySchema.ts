import type { LiteralNode, PredicateNode, StringNode } from "../syntax/ast.js";
import { FOLD_OPERATORS } from "../syntax/foldProblems.js";
import { foldCase } from "../values/foldCase.js";
import type { ResolvedAttribute } from "./schema.js";
import { renamedAttribute } from "./schemaFolding.js";

/**
 * A condition as the schema makes it compare: on a folded copy, with its
 * values folded, where the schema names one; else marked `fold` (compared
 * folded wherever it runs locally, refused where a filter is sent). Values
 * that are not text leave the condition as it is; an unbound `$name` leaves
 * it marked `fold` on the stored attribute, to be sent on the copy once bound
 * (every compiler binds, then applies the schema again).
 */
export function foldBySchema(node: PredicateNode, resolved: ResolvedAttribute): PredicateNode {
  if (node.size === true || !FOLD_OPERATORS.has(node.operator)) return node;
  if (node.fold !== true && resolved.caseInsensitive !== true && resolved.foldedCopy !== true) return node;
  const values: LiteralNode[] = node.value === undefined ? [] : Array.isArray(node.value) ? node.value : [node.value];
  if (!values.every((v) => v.type === "String" || v.type === "Param")) return node;
  if (values.some((v) => v.type === "Param")) return node.fold === true ? node : { ...node, fold: true };
  const copy = resolved.foldedCopy === true ? undefined : resolved.folded;
  if (copy === undefined && resolved.foldedCopy !== true) return node.fold === true ? node : { ...node, fold: true };
  const { fold: _fold, ...exact } = node;
  const folded = (values as StringNode[]).map((v) => ({ ...v, value: foldCase(v.value) }));
  const value = Array.isArray(node.value) ? folded : folded[0]!;
  return copy === undefined ? { ...exact, value } : { ...exact, attribute: renamedAttribute(node.attribute!, copy), value };
}
