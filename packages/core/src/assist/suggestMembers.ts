import { nameEnd, type Token } from "../scan/lexer.js";
import { isNameShaped } from "../scan/plainName.js";
import { quotePath } from "../scan/quote.js";
import type { PathSegment } from "../syntax/ast.js";
import type { SchemaIndex } from "../schema/schema.js";
import type { NamePath } from "../scan/readNamePath.js";
import type { Suggestion, Suggestions } from "./suggest.js";

/**
 * Completion of a path's member after a dot (`address.` or `address.ci`):
 * the members the schema lists under the path before the dot, filtered by
 * what is typed after it, replacing that. Undefined where the cursor is not
 * after a dot of a path, so suggest goes on as for any other place.
 */
export function suggestMembers(text: string, at: number, last: Token | undefined, index: SchemaIndex | undefined): Suggestions | undefined {
  if (last === undefined || last.endOffset + 1 !== at) return undefined;
  const image = last.image;
  const dot = memberDot(text, last.startOffset, at);
  if (dot < 0) return undefined;
  // The steps written before the member being typed: the token's, less that member when the scanner read one.
  const payload = last.payload as string | NamePath;
  const name = typeof payload === "string" ? payload : payload.name;
  const steps = typeof payload === "string" || payload.path === undefined ? [] : [...payload.path];
  if (!image.endsWith(".")) steps.pop();
  const prefix = text.slice(dot + 1, at);
  const to = nameEnd(text, at);
  const items: Suggestion[] = [];
  const seen = new Set<string>();
  for (const listed of index?.pathList ?? []) {
    if (listed.name !== name || listed.path.length !== steps.length + 1 || !startsWith(listed.path, steps)) continue;
    const member = listed.path[steps.length]!;
    if (typeof member !== "string" || !member.toLowerCase().startsWith(prefix.toLowerCase()) || seen.has(member)) continue;
    seen.add(member);
    const stored = listed.resolved.path === undefined ? listed.resolved.name : quotePath(listed.resolved.name, listed.resolved.path);
    const written = quotePath(listed.name, listed.path);
    const detail = stored !== written ? `alias of ${stored}` : listed.resolved.type;
    const label = isNameShaped(member) ? member : quotePath("x", [member]).slice(2);
    items.push(detail === undefined ? { label, kind: "attribute" } : { label, kind: "attribute", detail });
  }
  return { from: dot + 1, to, items };
}

/** Where the dot before a member being typed at `at` is, within the name token from `start`: -1 when there is none. */
function memberDot(text: string, start: number, at: number): number {
  let i = at;
  while (i > start && /[\p{L}\p{Nl}\p{M}\p{Nd}_]/u.test(text[i - 1]!)) i--;
  return i > start && text.charCodeAt(i - 1) === 46 ? i - 1 : -1;
}

function startsWith(path: readonly PathSegment[], steps: readonly PathSegment[]): boolean {
  return steps.every((step, i) => path[i] === step);
}
