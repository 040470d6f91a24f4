/*
 * The message templates of values and filter JSON: what `matches`,
 * `validateListFilter` and `validateQueryFilter` can say, apart from the rest
 * (messageTemplates.ts), so an app that only matches or validates carries
 * these few and not every message of the parser and the compilers.
 */

/**
 * A message template. The params a message carries beyond those its text
 * shows (for fixes, or an app's own wording) are in the core README's table
 * and, here, in a comment after the template: they are documentation, and an
 * app that only matches should not carry them.
 */
export interface Template {
  readonly text: string;
}

const JSON_LIST = 'a ListFilter object (with "item", "operator" and "value")';

export const VALUE_TEMPLATES: Readonly<Record<string, Template>> = {
  "E_VALUE_TYPE noValue": { text: "'{written}' takes no value; leave it out" }, // params also: operator (its name)
  "E_VALUE_TYPE missing": { text: "'{written}' needs {expected|type}" }, // params also: operator (its name)
  "E_VALUE_TYPE oneValue": { text: "'{written}' needs one value" }, // params also: operator (its name)
  "E_VALUE_TYPE type": { text: "'{written}' takes {expected|type}, not {given|type}[ ({value|literal})]" }, // params also: operator (its name)
  "E_VALUE_TYPE typeOrdering": {
    text: "'{written}' takes {expected|type}, not {given|type}[ ({value|literal})]; the service orders numbers only (find runs ranges of strings)",
    // params also: operator (its name)
  },
  "E_VALUE_TYPE typeText": { text: "'{written}' takes {expected|type}, not {given|type} ({value|literal}); write {suggestion} to match the text" }, // params also: operator (its name)
  "E_VALUE_TYPE inEmpty": { text: "'{written}' needs at least one value" }, // params also: operator (its name)
  "E_VALUE_TYPE range": { text: "'{written}' takes two bounds, a lower and an upper, not {given|type}[ ({value|literal})]" }, // params also: operator (its name)
  "E_VALUE_TYPE bound": { text: "a '{written}' bound is {expected|type}, not {given|type}[ ({value|literal})]" }, // params also: operator (its name)
  "E_VALUE_TYPE unknownOperator": { text: "unknown operator '{operator}'" },
  "E_VALUE_TYPE emptyKey": { text: 'a key value cannot be the empty string ""' }, // params also: operator, value
  "E_VALUE_TYPE surrogate": { text: "this string is not valid Unicode text: it has a lone surrogate" },
  "E_VALUE_TYPE itemSurrogate": { text: '"item" is not valid Unicode text: it has a lone surrogate' },
  "E_BETWEEN_BOUNDS types": { text: "'{written}' bounds must be of one type, but {lower|literal} and {upper|literal} differ" }, // params also: operator (its name)
  "E_BETWEEN_BOUNDS order": { text: "the lower bound {lower|literal} is greater than the upper bound {upper|literal}; swap them" }, // params also: operator (its name)
  "E_QUERY_OPERATOR json": { text: "a key query cannot use '{operator}'; it can use {expected|or}" },
  "E_QUERY_ATTRIBUTE json": { text: 'a QueryFilter has no "item": it always tests the table\'s secondary key; leave "item" out' },
  "E_LIMIT inCount": { text: "'in' takes at most {limit} values, not {count}" }, // params also: operator (its name)
  "E_LIMIT filters": { text: "{count} filters; at most {limit} are allowed" },
  "E_FILTER_JSON listFilters": { text: `expected ${JSON_LIST} or an array of them, not {given|type}[ ({value|literal})]` },
  "E_FILTER_JSON listFilter": { text: `expected ${JSON_LIST}, not {given|type}[ ({value|literal})]` },
  "E_FILTER_JSON queryFilter": { text: 'expected a QueryFilter object (with "operator" and "value"), not {given|type}[ ({value|literal})]' },
  "E_FILTER_JSON itemMissing": { text: 'missing "item": the name of the attribute this filter tests' },
  "E_FILTER_JSON itemType": { text: '"item" is the attribute\'s name, a string, not {given|type}[ ({value|literal})]' },
  "E_FILTER_JSON itemEmpty": { text: '"item" is empty; name the attribute this filter tests' },
  "E_FILTER_JSON operatorMissing": { text: 'missing "operator": one of {expected|or}' },
  "E_FILTER_JSON operatorType": { text: '"operator" is a string, one of {expected|or}, not {given|type}[ ({value|literal})]' },
  "E_FILTER_JSON unknownOperator": { text: "unknown operator {operator|literal}[; did you mean {suggestion|literal}?][; the operators are {expected|or}]" },
  "E_FILTER_JSON member": { text: "unknown member {member|literal}; a {object} has only {expected|and}[; did you mean {suggestion|literal}?]" },
  E_IN_MIXED_TYPES: { text: "a list cannot mix strings and numbers; use values of one type" },
};
