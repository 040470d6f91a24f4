/**
 * Where the items of one table of a JSON tables file start, so `load` can
 * name an item by its line. JSON.parse has read the text already (it is
 * valid JSON); this walks it once more, skipping values, to the array
 * `tables.<table>.items`. Like JSON.parse, a repeated member counts as its last.
 */
export type TableItems = { kind: "lines"; lines: number[] } | { kind: "file"; path: string } | undefined;

const SPACE = new Set([" ", "\t", "\n", "\r"]);

class Walker {
  pos = 0;
  constructor(readonly text: string) {}

  space(): void {
    while (SPACE.has(this.text[this.pos]!)) this.pos++;
  }

  /** The string at pos, decoded; pos moves past it. */
  string(): string {
    const start = this.pos;
    this.pos++;
    while (this.text[this.pos] !== '"') this.pos += this.text[this.pos] === "\\" ? 2 : 1;
    this.pos++;
    return JSON.parse(this.text.slice(start, this.pos)) as string;
  }

  /** Moves past the value at pos. */
  skip(): void {
    this.space();
    const c = this.text[this.pos];
    if (c === '"') return void this.string();
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      this.pos++;
      this.space();
      while (this.text[this.pos] !== close) {
        if (c === "{") {
          this.string();
          this.space();
          this.pos++; // :
        }
        this.skip();
        this.space();
        if (this.text[this.pos] === ",") this.pos++;
        this.space();
      }
      this.pos++;
      return;
    }
    while (this.pos < this.text.length && !/[\s,\]}]/.test(this.text[this.pos]!)) this.pos++;
  }

  /** The start of the last member `name` of the object at pos, or undefined; pos moves past the object. */
  member(name: string): number | undefined {
    this.space();
    if (this.text[this.pos] !== "{") return undefined;
    let found: number | undefined;
    this.pos++;
    this.space();
    while (this.text[this.pos] !== "}") {
      const key = this.string();
      this.space();
      this.pos++; // :
      this.space();
      if (key === name) found = this.pos;
      this.skip();
      this.space();
      if (this.text[this.pos] === ",") this.pos++;
      this.space();
    }
    this.pos++;
    return found;
  }

  /** The starts of the elements of the array at pos. */
  elements(): number[] {
    const starts: number[] = [];
    this.pos++;
    this.space();
    while (this.text[this.pos] !== "]") {
      starts.push(this.pos);
      this.skip();
      this.space();
      if (this.text[this.pos] === ",") this.pos++;
      this.space();
    }
    return starts;
  }
}

/** The 1-based line of each item of `tables[table].items`, or the path its items are read from, or undefined when the file has no such table. */
export function tableItemLines(text: string, table: string): TableItems {
  const walker = new Walker(text);
  const at = (start: number | undefined, name: string): number | undefined => {
    if (start === undefined) return undefined;
    walker.pos = start;
    return walker.member(name);
  };
  const items = at(at(at(0, "tables"), table), "items");
  if (items === undefined) return undefined;
  walker.pos = items;
  if (text[items] === '"') return { kind: "file", path: walker.string() };
  if (text[items] !== "[") return undefined;
  let line = 1;
  let counted = 0;
  const lines = walker.elements().map((start) => {
    for (; counted < start; counted++) if (text.charCodeAt(counted) === 10) line++;
    return line;
  });
  return { kind: "lines", lines };
}
