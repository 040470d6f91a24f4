export function diagramsHtml(parser: { getSerializedGastProductions(): unknown }): string;
