import { FilterError, format, parse, ScopeError, scopeDocument, scopedDocument, type FilterDocument, type FilterInput, type ParseOptions, type ScopeInput } from "@itemfilter/core";
import { Placeholders } from "./placeholders.js";
import { writeExpression } from "./writeExpression.js";

/** The options every DynamoDB compile takes: core's parse options, and the app's scope. */
export interface DynamoFilterOptions extends ParseOptions {
  /**
   * The app's own condition: the expression selects exactly `scope and
   * (filter)`, whatever the filter text says. Trusted (the schema applies to
   * the filter only); a mistake in it is a ScopeError.
   */
  scope?: ScopeInput;
}

/**
 * Text is parsed; a tree is validated and written out by core's `format`,
 * then parsed back, so both go through the same checks and limits, and every
 * error carries a span (of the canonical text, for a tree). `$name`
 * parameters are bound from `params` (E_PARAM_MISSING without a value). With
 * a scope, the result is `scope and (filter)` as one tree; the scope is
 * checked first, DynamoDB's refusals of it included, and is the app's error.
 */
export function toDocument(filter: FilterInput, options: DynamoFilterOptions | undefined, fn = "compileDynamo"): FilterDocument {
  const { scope, ...rest } = options ?? {};
  const scopeDoc = scopeDocument(fn, scope, rest);
  if (scopeDoc?.body != null) {
    try {
      writeExpression(scopeDoc.body, new Placeholders(), scopeDoc.span);
    } catch (error) {
      if (error instanceof FilterError) throw new ScopeError(fn, `is not a filter DynamoDB takes: ${error.message}`, error.diagnostics);
      throw error;
    }
  }
  return scopedDocument(ownDocument(filter, rest), scopeDoc);
}

function ownDocument(filter: FilterInput, options: ParseOptions): FilterDocument {
  const bound = { ...options, params: options.params ?? {} };
  if (typeof filter === "string") return parse(filter, bound);
  const { schema: _schema, params: _params, ...limits } = options;
  return parse(format(filter, limits), bound);
}
