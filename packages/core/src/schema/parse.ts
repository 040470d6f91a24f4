import type { FilterDocument } from "../syntax/ast.js";
import { parseSource, type TreeOptions } from "../tree/parseSource.js";
import { withRedaction } from "../tree/bindParams.js";
import { withSource } from "../syntax/writtenOperator.js";
import { applySchema, type Schema } from "./schema.js";
import { withoutRefusedNames } from "./refusedSuggestions.js";
import { foldBySchema } from "./foldBySchema.js";
import { resolveDates } from "./resolveDates.js";
import { markDates } from "../syntax/datedDocuments.js";

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

/** What parseSource tells of the text it parsed; one object, since a parse never starts another. */
const PARSED = { hasDates: false };

/** parseSource (tree/parseSource.ts), then the schema's checks and names where options carry one. */
export function parseChecked(source: string, options: ParseOptions | undefined, locate: boolean, asScanned = true, bind = true): FilterDocument {
  let doc: FilterDocument;
  try {
    doc = parseSource(source, options, locate, asScanned, bind, PARSED);
  } catch (error) {
    // With a schema, no did-you-mean names an attribute the schema would refuse.
    throw options?.schema === undefined ? error : withoutRefusedNames(error, options.schema);
  }
  // Relative dates are resolved where params are bound, and by parse() only when given `now`, as it binds params only when given them.
  const dates = PARSED.hasDates && (bind || options?.now !== undefined);
  if (options?.schema === undefined) return dates ? withSource(source, () => resolveDates(doc, options, "parse")) : doc;
  return withSource(source, () =>
    withRedaction(doc, () => {
      const checked = applySchema(doc, options.schema!, "list", foldBySchema);
      return dates ? resolveDates(markDates(checked), options, "parse") : checked;
    }),
  );
}
