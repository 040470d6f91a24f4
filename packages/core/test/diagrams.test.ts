import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { parser } from "../src/syntax/parser.js";
import { diagramsHtml } from "../scripts/diagramsHtml.mjs";

it("grammar/diagrams.html matches the parser (regenerate with `pnpm --filter @itemfilter/core run diagrams`)", () => {
  const committed = readFileSync(new URL("../../../grammar/diagrams.html", import.meta.url), "utf8");
  expect(committed).toBe(diagramsHtml(parser));
});

it("grammar/diagrams.html loads nothing from the network", () => {
  const html = readFileSync(new URL("../../../grammar/diagrams.html", import.meta.url), "utf8");
  expect(html).not.toMatch(/<(script|link|img)\b[^>]*\b(src|href)=/i);
  expect(html.match(/<script>/g)).toHaveLength(6);
  expect(html).toContain("<style>");
});
