/// <reference lib="dom" />
// Tooltips are DOM; this keeps the file typed where it is compiled without the DOM library (the tests' typecheck).
import { hoverTooltip, type Tooltip } from "@codemirror/view";
import { CANONICAL_OPERATOR, OPERATORS, tokenize, type OperatorInfo, type SyntaxToken } from "@itemfilter/core";

export interface OperatorAt {
  /** The written operator's range (all of `is not null`, say). */
  from: number;
  to: number;
  info: OperatorInfo;
}

const byName = (name: string): OperatorInfo => OPERATORS.find((op) => op.name === name)!;

function isWord(token: SyntaxToken | undefined, word: string): boolean {
  return token !== undefined && token.kind === "operator" && token.text.toLowerCase() === word;
}

/**
 * The operator written at `pos`, from the table in core: symbols and words,
 * and the parts of `is [not] null` and `between a and b`. Works on text that
 * does not parse, since it reads tokens only.
 */
export function operatorAt(text: string, pos: number): OperatorAt | null {
  const tokens = tokenize(text);
  const i = tokens.findIndex((t) => t.start <= pos && pos < t.end);
  const token = tokens[i];
  if (token === undefined || token.kind !== "operator") return null;
  const word = token.text.toLowerCase();
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (word === "is") {
    if (isWord(next, "not") && isWord(tokens[i + 2], "null")) return { from: token.start, to: tokens[i + 2]!.end, info: byName("notNull") };
    return { from: token.start, to: isWord(next, "null") ? next!.end : token.end, info: byName("null") };
  }
  if (word === "not" && isWord(prev, "is")) return { from: prev!.start, to: isWord(next, "null") ? next!.end : token.end, info: byName("notNull") };
  if (word === "null") {
    if (isWord(prev, "not") && isWord(tokens[i - 2], "is")) return { from: tokens[i - 2]!.start, to: token.end, info: byName("notNull") };
    if (isWord(prev, "is")) return { from: prev!.start, to: token.end, info: byName("null") };
  }
  if (word === "and") {
    // The `and` of `between a and b`: the nearest operator before it is `between`.
    for (let j = i - 1; j >= 0; j--) {
      if (tokens[j]!.kind !== "operator") continue;
      return isWord(tokens[j], "between") ? { from: token.start, to: token.end, info: byName("between") } : null;
    }
    return null;
  }
  const info = OPERATORS.find((op) => op.symbols.includes(token.text) || op.words.some((w) => w.toLowerCase() === word));
  return info === undefined ? null : { from: token.start, to: token.end, info };
}

/** The written forms of an operator: canonical first, then the other symbols and words. */
export function operatorForms(info: OperatorInfo): string[] {
  return [...new Set([CANONICAL_OPERATOR[info.name], ...info.symbols, ...info.words])];
}

function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The tooltip body: name, forms, summary, example, and whether key queries take it. */
export function operatorHelp(info: OperatorInfo): HTMLElement {
  const root = el("div", "cm-itemfilter-help");
  const head = el("div", "cm-itemfilter-help-head");
  head.append(el("strong", "", info.name), " ", el("code", "", operatorForms(info).join("  ")));
  const example = el("div", "cm-itemfilter-help-example", "Example: ");
  example.append(el("code", "", info.example));
  root.append(head, el("div", "cm-itemfilter-help-summary", info.summary), example, el("div", "cm-itemfilter-help-query", info.query ? "Key queries: yes" : "Key queries: no"));
  return root;
}

export const operatorHover = hoverTooltip((view, pos, side): Tooltip | null => {
  const text = view.state.doc.toString();
  // At a boundary, look at the character on the side the pointer is on.
  const found = operatorAt(text, side < 0 && pos > 0 ? pos - 1 : pos);
  if (found === null) return null;
  return { pos: found.from, end: found.to, above: true, create: () => ({ dom: operatorHelp(found.info) }) };
});
