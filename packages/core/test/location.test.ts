import { describe, expect, it } from "vitest";
import { LineIndex } from "../src/messages/location.js";

describe("LineIndex", () => {
  it.each([
    ["abc", 0, { offset: 0, line: 1, column: 1 }],
    ["abc", 3, { offset: 3, line: 1, column: 4 }],
    ["a\nbc", 2, { offset: 2, line: 2, column: 1 }],
    ["a\r\nbc", 3, { offset: 3, line: 2, column: 1 }],
    ["a\rb\nc", 4, { offset: 4, line: 3, column: 1 }],
    ["a\n\nb", 3, { offset: 3, line: 3, column: 1 }],
  ])("%j at %d", (source, offset, position) => {
    expect(new LineIndex(source).position(offset)).toEqual(position);
  });

  it("returns line text without the line break", () => {
    const index = new LineIndex("one\r\ntwo\nthree");
    expect([index.lineText(1), index.lineText(2), index.lineText(3), index.lineCount]).toEqual(["one", "two", "three", 3]);
  });
});
