import { redactParams, type FilterDocument, type FilterInput } from "@itemfilter/core";
import type { ExpressionValue } from "./attributeValue.js";
import { Placeholders } from "./placeholders.js";
import { toDocument, type DynamoFilterOptions } from "./toDocument.js";
import { writeExpression } from "./writeExpression.js";

/** What compileDynamo returns: spread it into a ScanCommand or QueryCommand input. Empty for an empty filter. */
export interface DynamoExpression {
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, ExpressionValue>;
}

/** Options of compileDynamo: those of `parse` (a schema, `params` and the filter limits), and the app's `scope`. */
export type CompileDynamoOptions = DynamoFilterOptions;

/**
 * Compiles any filter the grammar accepts to a DynamoDB FilterExpression that
 * selects exactly the items `evaluate` selects. Throws FilterError for text
 * that does not parse, for values DynamoDB refuses (reversed or mixed-type
 * `between` bounds, a number `beginsWith`, a number out of DynamoDB's range),
 * and for DynamoDB's expression limits (E_LIMIT), always before anything is sent.
 */
export function compileDynamo(filter: FilterInput, options?: CompileDynamoOptions): DynamoExpression {
  const doc = toDocument(filter, options);
  if (doc.body === null) return {};
  const placeholders = new Placeholders();
  const body = doc.body;
  const FilterExpression = withRedaction(doc, () => writeExpression(body, placeholders, doc.span));
  return { FilterExpression, ...placeholders.maps() };
}

/** Runs a stage over a document whose `$name` values were bound, keeping those values out of what it throws. */
export function withRedaction<T>(doc: FilterDocument, stage: () => T): T {
  try {
    return stage();
  } catch (error) {
    throw redactParams(error, doc);
  }
}
