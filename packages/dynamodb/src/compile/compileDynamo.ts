import type { FilterInput, ParseOptions } from "@itemfilter/core";
import type { ExpressionValue } from "./attributeValue.js";
import { Placeholders } from "./placeholders.js";
import { toDocument } from "./toDocument.js";
import { writeExpression } from "./writeExpression.js";

/** What compileDynamo returns: spread it into a ScanCommand or QueryCommand input. Empty for an empty filter. */
export interface DynamoExpression {
  FilterExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, ExpressionValue>;
}

/** Options of compileDynamo: those of `parse` (a schema and the filter limits). */
export type CompileDynamoOptions = ParseOptions;

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
  const FilterExpression = writeExpression(doc.body, placeholders, doc.span);
  return { FilterExpression, ...placeholders.maps() };
}
