import { prepareEvaluate, type Plan } from "@itemfilter/core";
import { fetchAll, type Credentials, type Item, type TableInfo } from "./api.js";

export interface PlanRun {
  items: Item[];
  requests: number;
  pages: number;
}

/**
 * Runs a plan as core describes it: every request (each followed to its last
 * page), each item kept when it passes that request's residual, and the
 * union without duplicates by the table's key, in first-seen order.
 */
export async function runPlan(plan: Plan, table: TableInfo, credentials: Credentials): Promise<PlanRun> {
  const seen = new Set<string>();
  const items: Item[] = [];
  let pages = 0;
  const answers = await Promise.all(
    plan.requests.map((request) =>
      fetchAll(
        request.operation === "listItems"
          ? { operation: "listItems", table: table.name, filter: request.filter }
          : {
              operation: "queryItems",
              table: table.name,
              ...(request.key === undefined ? {} : { key: request.key }),
              ...(request.filter === undefined ? {} : { filter: request.filter }),
            },
        credentials,
      ),
    ),
  );
  answers.forEach((answer, i) => {
    pages += answer.pages;
    const residual = plan.requests[i]!.residual;
    const passes = residual === null ? null : prepareEvaluate(residual);
    for (const item of answer.items) {
      if (passes !== null && !passes(item)) continue;
      const key = JSON.stringify([item[table.primaryKey], table.secondaryKey === undefined ? null : (item[table.secondaryKey] ?? null)]);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  });
  return { items, requests: plan.requests.length, pages };
}
