import { jsonTextDepth } from "@itemfilter/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, mayNestDeeperThan } from "../src/jsonDepth.js";
import { readResponse } from "../src/readResponse.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

const context = { operation: "listItems" as const, attempts: 1, redact: (t: string) => t };
/** A page of one item whose member nests so that the whole text is `levels` deep. */
const nested = (levels: number): string => `{"items":[{"a":${"[".repeat(levels - 3)}${"]".repeat(levels - 3)}}]}`;

describe("mayNestDeeperThan: the bracket count that spares the full depth scan", () => {
  it("never says no for a text deeper than the limit", () => {
    // Texts of brackets, strings with brackets and escapes in them, and other characters.
    const piece = fc.constantFrom("[", "]", "{", "}", '"', "\\", "a", ",", '"[{"', '"\\"["');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 8 }), (pieces, limit) => {
        const text = pieces.join("");
        if (!mayNestDeeperThan(text, limit)) expect(jsonTextDepth(text, limit)).toBeLessThanOrEqual(limit);
      }),
      { numRuns: propertyRuns(5000) },
    );
  });

  it("says no for a page of flat items, and yes once the brackets could reach past the limit", () => {
    const page = JSON.stringify({ data: { items: Array.from({ length: 100 }, (_, i) => ({ id: `u${i}`, tags: ["a"] })) } });
    expect(mayNestDeeperThan(page, MAX_JSON_DEPTH)).toBe(false);
    expect(mayNestDeeperThan("{".repeat(200) + "[".repeat(56), 256)).toBe(false);
    expect(mayNestDeeperThan("{".repeat(200) + "[".repeat(57), 256)).toBe(true);
    expect(mayNestDeeperThan("{".repeat(257), 256)).toBe(true);
  });

  it("leaves readResponse's answer as it was: 256 levels read, 257 refused", () => {
    expect(jsonTextDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH);
    expect(readResponse({ status: 200, retryAfter: null, text: nested(MAX_JSON_DEPTH) }, context)).toEqual({ items: [JSON.parse(nested(MAX_JSON_DEPTH)).items[0]] });
    expect(readResponse({ status: 200, retryAfter: null, text: nested(MAX_JSON_DEPTH + 1) }, context)).toMatchObject({
      message: "listItems: HTTP 200 with a body that nests arrays and objects more than 256 levels deep",
    });
  });
});
