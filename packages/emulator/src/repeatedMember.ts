import { memberPath } from "./memberPath.js";

/** One token of JSON text: a string, a punctuation mark, or a bare word (number, true, false, null). */
const TOKEN = /\s*("(?:[^"\\]|\\.)*"|[{}[\],:]|[^\s{}[\],:"]+)/y;

interface Frame {
  /** The member names seen so far, for an object; undefined for an array. */
  names: Set<string> | undefined;
  path: string;
  index: number;
  name: string;
}

/**
 * The first member an object of valid JSON text names twice, as a path
 * (`credentials[0].tables.orders`), or undefined. JSON.parse keeps the last
 * of two and drops the first without a word, which in an access file could
 * turn a scoped table into an unscoped one.
 */
export function repeatedMember(text: string): string | undefined {
  const frames: Frame[] = [];
  let atName = false;
  const childPath = (): string => {
    const top = frames.at(-1);
    if (top === undefined) return "";
    return top.names === undefined ? `${top.path}[${top.index}]` : memberPath(top.path, top.name);
  };
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const token = match[1]!;
    const top = frames.at(-1);
    if (token === "{" || token === "[") {
      frames.push({ names: token === "{" ? new Set() : undefined, path: childPath(), index: 0, name: "" });
      atName = token === "{";
    } else if (token === "}" || token === "]") {
      frames.pop();
      atName = false;
    } else if (token === ",") {
      if (top!.names === undefined) top!.index++;
      else atName = true;
    } else if (token === ":") {
      atName = false;
    } else if (atName) {
      const name = JSON.parse(token) as string;
      if (top!.names!.has(name)) return memberPath(top!.path, name);
      top!.names!.add(name);
      top!.name = name;
    }
  }
  return undefined;
}
