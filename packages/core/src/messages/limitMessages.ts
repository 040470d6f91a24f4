import type { DiagnosticParams } from "./errors.js";
import { renderMessage } from "./renderMessage.js";

/** The limits a filter can pass; each is an option, so its name belongs in a hint only. */
export type LimitName = "maxDepth" | "maxPredicates" | "maxInValues";

const KIND: Record<LimitName, string> = { maxDepth: "depth", maxPredicates: "predicates", maxInValues: "inValues" };

/** The message, hint and params of an E_LIMIT, shared by the parser and the tree validator. */
export function limitText(name: LimitName, limit: number): { message: string; hint: string; params: DiagnosticParams } {
  const params = { kind: KIND[name], limit };
  return { message: renderMessage("E_LIMIT", params), hint: `raise ${name} to accept more`, params };
}

/** The stack ran out before the depth limit did. */
export const STACK_LIMIT = {
  message: renderMessage("E_LIMIT", { kind: "stack" }),
  hint: "the JavaScript stack ran out before maxDepth was reached; lower maxDepth",
  params: { kind: "stack" },
} as const;
