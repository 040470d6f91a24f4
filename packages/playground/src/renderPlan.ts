import { formatPlan, stringifyJson, type Plan, type PlanKeys } from "@itemfilter/core";
import { byId, h } from "./dom.js";

function serverPart(request: Plan["requests"][number]): string {
  if (request.operation === "listItems") return request.filter.length === 0 ? "every item" : stringifyJson(request.filter);
  const parts: string[] = [];
  if (request.key !== undefined) parts.push(`key ${stringifyJson(request.key)}`);
  if (request.filter !== undefined) parts.push(`filter ${stringifyJson(request.filter)}`);
  return parts.length === 0 ? "every item with the secondary key" : parts.join(", ");
}

/** The plan's requests: what each sends (runs on the server) and what is checked here, on each item it returns. */
export function renderPlan(plan: Plan | undefined, keys: PlanKeys): void {
  const list = byId("plan-requests");
  const text = byId("plan-text");
  text.textContent = plan === undefined ? "" : formatPlan(plan, { keys });
  text.hidden = plan === undefined;
  if (plan === undefined) {
    list.replaceChildren(h("li", { class: "muted", text: "No plan: the filter has errors." }));
    return;
  }
  if (plan.requests.length === 0) {
    list.replaceChildren(h("li", { class: "muted", text: "No requests: the filter matches nothing." }));
    return;
  }
  list.replaceChildren(
    ...plan.requests.map((request) =>
      h(
        "li",
        { class: "plan-request" },
        h("strong", { text: request.operation }),
        h("div", {}, h("span", { class: "label", text: "On the server: " }), h("code", { text: serverPart(request) })),
        h("div", {}, h("span", { class: "label", text: "Checked here: " }), request.residual === null ? h("span", { class: "muted", text: "nothing (exact)" }) : h("code", { text: request.residual })),
      ),
    ),
    h("li", { class: "muted combine", text: plan.requests.length === 1 ? "One request." : `The union of ${plan.requests.length} requests, without duplicates.` }),
  );
}
