import type { PredicateNode } from "../syntax/ast.js";
import type { Diagnostic } from "../messages/errors.js";
import { renderMessage } from "../messages/renderMessage.js";
import { quotePath } from "../scan/quote.js";
import { writtenOperator } from "../syntax/writtenOperator.js";

/** Who would send the folded condition: compileList (`list`), compileQuery (`query`) or compileDynamo (`dynamo`). */
export type FoldTarget = "list" | "query" | "dynamo";

const RUNS: Record<FoldTarget, string> = {
  list: "find (or plan) checks it locally meanwhile",
  query: "find (with keys) checks it locally meanwhile",
  dynamo: "planDynamo and findAll check it locally meanwhile",
};

/**
 * `fold(name) = "x"` (or a caseInsensitive attribute) where a filter is sent
 * without a folded copy to send it on: the service and DynamoDB compare text
 * exactly. At the whole condition, the hint naming the schema's `folded`.
 */
export function foldRefusal(node: PredicateNode, target: FoldTarget): Diagnostic {
  const attr = node.attribute!;
  const name = quotePath(attr.name, attr.path);
  const params = { kind: target === "dynamo" ? "foldDynamo" : "foldService", name, operator: node.operator, written: writtenOperator(node) };
  const copy = JSON.stringify(attr.path === undefined && /^[A-Za-z_]\w*$/.test(attr.name) ? `${attr.name}Folded` : "folded");
  const hint =
    target === "query"
      ? `a key query compares the key exactly: key the table on an attribute holding foldCase of the text, and name it in the schema as the text attribute's folded ({ caseInsensitive: true, folded: "…" }); the value is then folded and sent; ${RUNS[target]}`
      : `store foldCase(${name}) in another attribute and name it in the schema: ${JSON.stringify(name)}: { caseInsensitive: true, folded: ${copy} }; the condition is then sent on it, exactly; ${RUNS[target]}`;
  return { code: "E_VALUE_TYPE", message: renderMessage("E_VALUE_TYPE", params), hint, params, span: node.span };
}
