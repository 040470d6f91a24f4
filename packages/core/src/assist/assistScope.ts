import type { Token } from "../syntax/lexer.js";
import { And, Between, In, LParen, Not, NumberLiteral, Or, RParen, StringLiteral } from "../syntax/tokens.js";

/** The part of the input content assist needs to look at, and the rule it starts in. */
export interface AssistScope {
  rule: "filter" | "orExpr";
  tokens: Token[];
  /** The cursor is inside a group, so `)` may come wherever `and` or `or` may. */
  inGroup: boolean;
}

/**
 * Chevrotain's content assist walks the grammar over every token it is given,
 * with costs that grow with the input's length and faster with its nesting.
 * What may follow the cursor depends only on the condition being written, so
 * the walk starts after the last `and` or `or` (or the opening parenthesis) of
 * the innermost group open at the cursor: everything from there is an orExpr.
 * Returns null when the input nests deeper than maxDepth, which parse rejects
 * anyway, so a hostile input cannot stall a keystroke.
 */
export function assistScope(tokens: Token[], maxDepth: number): AssistScope | null {
  // One entry per open group: where its current orExpr starts, and the nots still waiting for their operand.
  const levels: { start: number; nots: number }[] = [{ start: 0, nots: 0 }];
  // Parentheses of `in (..)` lists are not groups, but their `)` must not close one.
  const parens: boolean[] = [];
  let depth = 0;
  let broken = false;
  for (let i = 0; i < tokens.length; i++) {
    const type = tokens[i]!.tokenType;
    const level = levels[levels.length - 1]!;
    if (type === LParen) {
      const group = tokens[i - 1]?.tokenType !== In;
      parens.push(group);
      if (group) {
        levels.push({ start: i + 1, nots: 0 });
        depth++;
      }
    } else if (type === RParen) {
      const group = parens.pop();
      if (group === undefined) broken = true;
      else if (group) {
        depth -= 1 + level.nots;
        levels.pop();
        const parent = levels[levels.length - 1]!;
        // The group was the operand of the nots waiting before it.
        depth -= parent.nots;
        parent.nots = 0;
      }
    } else if (type === Not) {
      level.nots++;
      depth++;
    } else if ((type === And && !isBetweenAnd(tokens, i)) || type === Or) {
      depth -= level.nots;
      level.nots = 0;
      level.start = i + 1;
    }
    if (depth > maxDepth) return null;
  }
  if (broken) return { rule: "filter", tokens, inGroup: false };
  const start = levels[levels.length - 1]!.start;
  return { rule: start === 0 ? "filter" : "orExpr", tokens: start === 0 ? tokens : tokens.slice(start), inGroup: levels.length > 1 };
}

/** The `and` of `between a and b`. */
function isBetweenAnd(tokens: Token[], i: number): boolean {
  const literal = tokens[i - 1]?.tokenType;
  return tokens[i - 2]?.tokenType === Between && (literal === StringLiteral || literal === NumberLiteral);
}
