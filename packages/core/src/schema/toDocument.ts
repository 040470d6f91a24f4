import type { FilterDocument } from "../syntax/ast.js";
import { FilterError } from "../messages/errors.js";
import { guardStack, readDocument, type FilterInput } from "../tree/readDocument.js";
import { withRedaction } from "../tree/bindParams.js";
import { withSource } from "../syntax/writtenOperator.js";
import { applySchema } from "./schema.js";
import { parseChecked, type ParseOptions } from "./parse.js";
import { foldBySchema } from "./foldBySchema.js";
import { resolveDates } from "./resolveDates.js";
import { hasDates, markDates } from "../syntax/datedDocuments.js";

/**
 * The one entry every public function that takes FilterInput goes through:
 * readDocument (text parsed, a tree validated and copied, `$name` bound unless
 * `bind` is false), then the app's schema where options carry one.
 */
export function toDocument(input: FilterInput, options?: ParseOptions, locate = true, bind = true): FilterDocument {
  if (typeof input === "string") return parseChecked(input, options, locate, true, bind);
  const doc = readDocument(input, options, locate, bind);
  const schemed = options?.schema === undefined ? doc : guardStack(() => withRedaction(doc, () => applySchema(doc, options.schema!, "list", foldBySchema)), doc.span);
  if (!bind || !hasDates(doc)) return schemed;
  return guardStack(() => withRedaction(doc, () => resolveDates(markDates(schemed), options, "resolve")), doc.span);
}

/**
 * Compiles text without source positions first, since a compiled filter never
 * reads a span, and only when that fails compiles again with them to throw
 * the located error. Trees are compiled as they are.
 */
export function compileFast<T, O extends ParseOptions>(input: FilterInput, options: O | undefined, compile: (doc: FilterDocument, options: O | undefined) => T): T {
  if (typeof input === "string") {
    try {
      // `options` passed on, so a caller's compile need not be a closure made per call.
      return compile(toDocument(input, options, false), options);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
    }
    return compileLocated(input, options, compile);
  }
  const doc = toDocument(input, options);
  return withRedaction(doc, () => compile(doc, options));
}

/**
 * Compiles text with source positions, to throw its located error: the
 * parse that reports errors, not one that scans as it goes first. For text
 * already known to fail; text that compiles gives the same answer, slower.
 */
export function compileLocated<T, O extends ParseOptions>(input: string, options: O | undefined, compile: (doc: FilterDocument, options: O | undefined) => T): T {
  const located = parseChecked(input, options, true, false);
  return withSource(input, () => withRedaction(located, () => compile(located, options)));
}
