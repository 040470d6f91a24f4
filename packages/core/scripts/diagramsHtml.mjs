import { createSyntaxDiagramsCode } from "chevrotain";

/** The diagrams page for a parser instance; shared by the generator and the staleness test. */
export function diagramsHtml(parser) {
  return createSyntaxDiagramsCode(parser.getSerializedGastProductions());
}
