// Writes grammar/diagrams.html from the parser itself (Chevrotain's syntax
// diagrams), so the diagrams can never drift from the grammar that runs.
// packages/core/test/diagrams.test.ts fails when the file is stale.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { diagramsHtml } from "./diagramsHtml.mjs";

const target = fileURLToPath(new URL("../../../grammar/diagrams.html", import.meta.url));
const { parser } = await import("../dist/syntax/parser.js");
writeFileSync(target, diagramsHtml(parser));
console.log(`wrote ${target}`);
