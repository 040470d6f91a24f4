import type { DiagnosticParams } from "./errors.js";

/** The limits a filter can pass; each is an option, so its name belongs in a hint only. */
export type LimitName = "maxDepth" | "maxPredicates" | "maxInValues";

const TEXT: Record<LimitName, (limit: number) => string> = {
  maxDepth: (n) => `groups and negations nest more than ${n} deep`,
  maxPredicates: (n) => `this filter has more than ${n} conditions`,
  maxInValues: (n) => `an in list takes at most ${n} values`,
};

/** The message, hint and params of an E_LIMIT, shared by the parser and the tree validator. */
export function limitText(name: LimitName, limit: number): { message: string; hint: string; params: DiagnosticParams } {
  return { message: TEXT[name](limit), hint: `raise ${name} to accept more`, params: { limit } };
}

/** The stack ran out before the depth limit did. */
export const STACK_LIMIT = {
  message: "this filter nests too deeply",
  hint: "the JavaScript stack ran out before maxDepth was reached; lower maxDepth",
  params: {},
} as const;
