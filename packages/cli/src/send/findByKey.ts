import type { Client, Item } from "@itemfilter/client";
import { plan as planFilter, stringifyJson, type FilterNode, type PlanKeys, type PredicateNode, type Scalar } from "@itemfilter/core";
import type { CliContext } from "../cliContext.js";
import { usageError } from "../cliError.js";
import { findItems } from "./fetchPages.js";

const NO_SPAN = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };

function equals(name: string, value: Scalar): PredicateNode {
  const literal = typeof value === "string" ? { type: "String" as const, value, span: NO_SPAN } : { type: "Number" as const, value, span: NO_SPAN };
  return { type: "Predicate", attribute: { type: "Attribute", name, span: NO_SPAN }, operator: "equals", operatorSpan: NO_SPAN, value: literal, span: NO_SPAN };
}

export interface ItemKey {
  primary: Scalar;
  secondary?: Scalar | undefined;
}

/**
 * The one item with this key, read through a plan of `pk = v [and sk = w]`
 * (one partition query where the keys allow it), or undefined when there is
 * none. Several items under one primary key without the secondary value is a
 * usage error that says which flag picks one.
 */
export async function findByKey(ctx: CliContext, client: Client, table: string, keys: PlanKeys, key: ItemKey): Promise<Item | undefined> {
  const conditions: FilterNode[] = [equals(keys.primary, key.primary)];
  if (key.secondary !== undefined) {
    if (keys.secondary === undefined) throw usageError(`the table '${table}' has no secondary key known here, so a secondary value cannot pick an item; name it with --secondary-key`);
    conditions.push(equals(keys.secondary, key.secondary));
  }
  const tree: FilterNode = conditions.length === 1 ? conditions[0]! : { type: "And", operands: conditions, span: NO_SPAN };
  const found: Item[] = [];
  const items = findItems(ctx, client, planFilter(tree, { keys }), { table, keys, limit: 2 });
  for (let step = await items.next(); step.done !== true; step = await items.next()) found.push(step.value);
  if (found.length > 1) {
    throw usageError(`more than one item of '${table}' has ${keys.primary} ${stringifyJson(key.primary)}; pick one with --secondary (its ${keys.secondary ?? "secondary key"} value)`);
  }
  return found[0];
}
