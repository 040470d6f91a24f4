import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createSyntaxDiagramsCode } from "chevrotain";

/**
 * Chevrotain's diagram page links its stylesheet and scripts from a CDN, so
 * it shows nothing offline. The same files ship in the chevrotain package
 * (diagrams/: chevrotain's own scripts, Apache-2.0, and Tab Atkins'
 * railroad-diagrams, CC0), so they are inlined from there: the page is one
 * self-contained file.
 */
const diagramsDir = new URL("../../diagrams/", `file://${createRequire(import.meta.url).resolve("chevrotain")}`);
const asset = (path) => {
  const text = readFileSync(new URL(path, diagramsDir), "utf8");
  // Inline text ends its element at the first `</script` or `</style`; none is expected, so fail loudly.
  if (/<\/(script|style)/i.test(text)) throw new Error(`chevrotain diagrams/${path} contains a closing tag; it cannot be inlined as is`);
  return text.trimEnd();
};

/** The diagrams page for a parser instance, with nothing loaded from the network; shared by the generator and the staleness test. */
export function diagramsHtml(parser) {
  const html = createSyntaxDiagramsCode(parser.getSerializedGastProductions(), { resourceBase: "@base/", css: "@css" });
  let inlined = 0;
  const out = html
    .replace("<link rel='stylesheet' href='@css'>", () => (inlined++, `<style>\n${asset("diagrams.css")}\n</style>`))
    .replace(/<script src='@base\/([\w/.-]+)'><\/script>/g, (_, path) => (inlined++, `<script>\n${asset(path)}\n</script>`));
  if (inlined !== 5 || /\b(src|href)=/.test(out)) throw new Error("chevrotain's diagram page changed shape; update scripts/diagramsHtml.mjs");
  return out;
}
