import type { FilterDocument } from "../syntax/ast.js";
import { parseSource, type TreeOptions } from "../tree/parseSource.js";
import { withRedaction } from "../tree/bindParams.js";
import { withSource } from "../syntax/writtenOperator.js";
import { applySchema, type Schema } from "./schema.js";

export interface ParseOptions extends TreeOptions {
  /** Attributes the app exposes; unknown names and values of the wrong type are errors. */
  schema?: Schema;
}

/**
 * Parses filter text into its syntax tree. Throws FilterError, and only
 * FilterError, for anything it cannot accept; every problem found in one
 * pass is reported together.
 */
export function parse(source: string, options?: ParseOptions): FilterDocument {
  return parseChecked(source, options, true, true, options?.params !== undefined && options.params !== null);
}

/** parseSource (tree/parseSource.ts), then the schema's checks and names where options carry one. */
export function parseChecked(source: string, options: ParseOptions | undefined, locate: boolean, asScanned = true, bind = true): FilterDocument {
  const doc = parseSource(source, options, locate, asScanned, bind);
  if (options?.schema === undefined) return doc;
  return withSource(source, () => withRedaction(doc, () => applySchema(doc, options.schema!)));
}
