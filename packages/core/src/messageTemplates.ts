/**
 * Every diagnostic's English message, as a template over its params: the
 * library renders each message from these (renderMessage.ts), the core
 * README's table lists them, and a test renders every golden diagnostic from
 * the README's copy, so the message, the table and the params cannot drift
 * apart. An app translates a message by rendering its own templates, keyed
 * the same way, from `code` and `params`.
 *
 * A template is keyed by `CODE`, or `CODE kind` where a code has several
 * shapes (its params then hold `kind`). In a template:
 * - `{p}` is the param `p`: a string as the message quotes text (cut to 40
 *   characters, control characters escaped), a number in digits;
 * - `{p|format}` formats it: `literal` (a string in double quotes, a number in
 *   digits), `found` (end of input for null, else the text in single quotes),
 *   `char` (a character in single quotes, or U+XXXX when it is invisible),
 *   `type` (a word of TYPE_WORDS), `tokens` (a list of TOKEN_WORDS), `operators`
 *   (a list of operator names, each as it is written in a filter), `or` and
 *   `and` (a list, each in single quotes, joined by commas and a last or/and),
 *   `plain` (a list joined by commas);
 * - `[...]` is shown only when every param it names is present, not null, and
 *   not an empty list.
 * A param listed in `params.redacted` stands for a `$name` whose value is kept
 * out: it is shown as it is (`$tenant`), whatever the format.
 */

/** The phrase for each name `expected` lists (E_SYNTAX): the parts of a filter. */
export const TOKEN_WORDS: Readonly<Record<string, string>> = {
  condition: "a condition",
  operator: "an operator",
  value: "a value",
  list: "a list of values",
  name: "a name",
  quotedName: "a quoted name",
  string: "a string",
  number: "a number",
  parameter: "a $parameter",
  boolean: "true or false",
  in: "'in'",
  between: "'between'",
  is: "'is'",
  null: "'null'",
  notNull: "'notNull'",
  and: "'and'",
  or: "'or'",
  not: "'not'",
  "(": "'('",
  ")": "')'",
  "[": "'['",
  "]": "']'",
  ",": "','",
  end: "end of input",
};

/** The phrase for each name `expected` and `given` hold elsewhere: what a value is. */
export const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  scalar: "a string or a number",
  scalars: "a string or a number (or a list of them)",
  paramValue: "a string, a number or a boolean",
  paramValues: "a string, a number or a boolean (or a list of them)",
  values: "a value or a list of values",
  infinite: "a number that is not finite",
  boolean: "a boolean",
  null: "null",
  array: "an array",
  list: "a list",
  object: "an object",
  undefined: "undefined",
  nothing: "nothing",
  bigint: "a bigint",
  symbol: "a symbol",
  function: "a function",
};

/** Params every template of a code may also carry, beyond those it shows (for fixes, or an app's own wording). */
export interface Template {
  readonly text: string;
  /** Params the message does not show, with what they hold. */
  readonly extra?: string;
}

const EXPECTED = "expected {expected|tokens}[ after '{after}'], found {found|found}";
const KEY_SHAPE = "a key query takes one condition on the key, or 'key >= a and key <= b' (which becomes between)";
const JSON_LIST = 'a ListFilter object (with "item", "operator" and "value")';
const NOT_OF = "'not' of '{written}' cannot be checked exactly here";
const OPERATOR = "operator (its name)";

export const TEMPLATES: Readonly<Record<string, Template>> = {
  // The parser: what it expected and what it found.
  "E_SYNTAX expected": { text: `${EXPECTED}[; did you mean '{suggestion}'?]` },
  "E_SYNTAX unquoted": { text: `${EXPECTED}; to compare with text, quote it: {suggestion}` },
  "E_SYNTAX booleanName": { text: `${EXPECTED}; {found|found} is a value; write {suggestion} for an attribute of that name` },
  "E_SYNTAX notFinite": { text: `${EXPECTED}; {found} is not a number here; numbers are finite, as in JSON` },
  "E_SYNTAX unmatched": { text: `${EXPECTED}; this ')' has no matching '('` },
  "E_SYNTAX missingComma": { text: "missing ',' between values: write '{before}, {after}'" },
  "E_SYNTAX keyValue": { text: "expected {expected|tokens}, found '{found}'; did you mean '{suggestion}'?" },
  "E_SYNTAX inParentheses": { text: `${EXPECTED}; put the values in parentheses: in ({values|plain})` },
  "E_SYNTAX noAttribute": { text: "expected an attribute name before '{written}'", extra: OPERATOR },
  // The scanner.
  "E_SYNTAX reversedOperator": { text: "'{written}' is not an operator; did you mean '{suggestion}'?" },
  "E_SYNTAX halfOperator": { text: "unexpected character '{character}'; write '{suggestion}' or '{word}'" },
  "E_SYNTAX parameterName": { text: "'{character}' starts a parameter and needs a name after it, as in $tenant" },
  "E_SYNTAX character": { text: "unexpected character {character|char}" },
  "E_SYNTAX minus": { text: "unexpected character '{character}': a minus sign must be followed by digits" },
  "E_SYNTAX numberBase": { text: "'{text}' is not a number: only decimal numbers are allowed", extra: "suggestion? (the same number in decimal)" },
  "E_SYNTAX numberSeparator": { text: "'{text}' is not a number: digit separators are not allowed[; write {suggestion}]" },
  "E_SYNTAX numberPoint": { text: "'{text}' is not a number: write a digit before the point[, as in {suggestion}]" },
  "E_SYNTAX numberLeadingZero": { text: "'{text}' is not a number: leading zeros are not allowed", extra: "suggestion?" },
  "E_SYNTAX numberFraction": { text: "'{text}' is not a number: a decimal point needs digits after it" },
  "E_SYNTAX numberExponent": { text: "'{text}' is not a number: an exponent needs digits" },
  "E_SYNTAX numberForm": { text: "'{text}' is not a number: numbers are written as in JSON, such as 42, -2.5 or 1.5e3" },
  "E_SYNTAX unterminatedString": { text: "unterminated string: add the closing {quote}" },
  "E_SYNTAX unterminatedName": { text: "unterminated quoted name: add the closing {quote}" },
  "E_SYNTAX unterminatedStringLine": { text: "unterminated string: add the closing {quote} (write \\n for a line break inside it)" },
  "E_SYNTAX unterminatedNameLine": { text: "unterminated quoted name: add the closing {quote} (write \\n for a line break inside it)" },
  "E_SYNTAX emptyName": { text: "an attribute name cannot be empty" },
  "E_SYNTAX loneSurrogate": { text: "a lone surrogate is not valid text" },
  "E_SYNTAX escapeHex": { text: "invalid escape: \\u needs exactly four hex digits, as in \\u00e9" },
  "E_SYNTAX escapeHighSurrogate": { text: "invalid escape: {escape} is a high surrogate and needs a low surrogate escape after it" },
  "E_SYNTAX escapeLowSurrogate": { text: "invalid escape: {escape} is a lone low surrogate" },
  "E_SYNTAX escape": { text: "invalid escape '{escape}': use one of {allowed|plain}" },
  "E_SYNTAX escapeLineBreak": { text: "invalid escape: a line break cannot follow a backslash; use one of {allowed|plain}" },
  "E_SYNTAX curlyQuotes": { text: "curly quotes do not quote a string; use straight quotes: {quote}{text}{quote}" },
  "E_SYNTAX curlyQuote": { text: "unexpected character '{character}': use straight quotes ({suggestion}) around a string" },

  "E_NUMBER inexact": { text: "{number} cannot be represented exactly (the nearest number is {nearest})" },
  "E_NUMBER range": { text: "{number} cannot be represented exactly (it is beyond the range of numbers)", extra: "nearest (null)" },
  "E_NUMBER dynamo": { text: "DynamoDB cannot hold the number {number}: its numbers are zero or of a magnitude from 1e-130 to below 1e126" },

  "E_VALUE_TYPE null": { text: "'{written}' cannot compare with null; write 'is null' or 'is not null'", extra: OPERATOR },
  "E_VALUE_TYPE boolean": { text: "'{written}' cannot take a boolean; compare true and false with =, != or in", extra: OPERATOR },
  "E_VALUE_TYPE booleanList": { text: "a listItems filter cannot hold a boolean: the service compares strings and numbers only", extra: "operator, written" },
  "E_VALUE_TYPE booleanKey": { text: "a key is a string or a number, never a boolean", extra: "operator, written" },
  "E_VALUE_TYPE noValue": { text: "'{written}' takes no value; leave it out", extra: OPERATOR },
  "E_VALUE_TYPE missing": { text: "'{written}' needs {expected|type}", extra: OPERATOR },
  "E_VALUE_TYPE oneValue": { text: "'{written}' needs one value", extra: OPERATOR },
  "E_VALUE_TYPE type": { text: "'{written}' takes {expected|type}, not {given|type}[ ({value|literal})]", extra: OPERATOR },
  "E_VALUE_TYPE typeOrdering": {
    text: "'{written}' takes {expected|type}, not {given|type}[ ({value|literal})]; the service orders numbers only (use between for a range of strings)",
    extra: OPERATOR,
  },
  "E_VALUE_TYPE typeText": { text: "'{written}' takes {expected|type}, not {given|type} ({value|literal}); write {suggestion} to match the text", extra: OPERATOR },
  "E_VALUE_TYPE inEmpty": { text: "'{written}' needs at least one value", extra: OPERATOR },
  "E_VALUE_TYPE range": { text: "'{written}' takes two bounds, a lower and an upper, not {given|type}[ ({value|literal})]", extra: OPERATOR },
  "E_VALUE_TYPE bound": { text: "a '{written}' bound is {expected|type}, not {given|type}[ ({value|literal})]", extra: OPERATOR },
  "E_VALUE_TYPE unknownOperator": { text: "unknown operator '{operator}'" },
  "E_VALUE_TYPE keyPrefix": { text: 'every key begins with "", and a key value cannot be the empty string; leave this condition out to read every key', extra: "operator, value" },
  "E_VALUE_TYPE keyRange": {
    text: 'a key value cannot be the empty string, and no key is empty: start the range at "\\u0000", the smallest key there is',
    extra: "operator, value",
  },
  "E_VALUE_TYPE keyEmpty": { text: "a key value cannot be the empty string: no key is empty, so this matches nothing", extra: "operator, value" },
  "E_VALUE_TYPE emptyKey": { text: 'a key value cannot be the empty string ""', extra: "operator, value" },
  "E_VALUE_TYPE surrogate": { text: "this string is not valid Unicode text: it has a lone surrogate" },
  "E_VALUE_TYPE itemSurrogate": { text: '"item" is not valid Unicode text: it has a lone surrogate' },
  "E_VALUE_TYPE paramList": { text: "${name} is a list, but only 'in' takes a list", extra: "expected, given" },
  "E_VALUE_TYPE paramEmpty": { text: "${name} is an empty list, and 'in' needs at least one value", extra: "expected, given" },
  "E_VALUE_TYPE paramItems": { text: "${name} is a list that holds something other than strings, numbers and booleans", extra: "expected, given" },
  "E_VALUE_TYPE paramType": { text: "${name} must be {expected|type}, not {given|type}" },

  "E_BETWEEN_BOUNDS types": { text: "'{written}' bounds must be of one type, but {lower|literal} and {upper|literal} differ", extra: OPERATOR },
  "E_BETWEEN_BOUNDS order": { text: "the lower bound {lower|literal} is greater than the upper bound {upper|literal}; swap them", extra: OPERATOR },

  "E_OR_UNSUPPORTED or": { text: "'or' can only join equality tests on one attribute here, as in a = 1 or a = 2" },
  "E_OR_UNSUPPORTED not and": { text: "'not (… and …)' can only join equality tests on one attribute here, as in a = 1 or a = 2" },

  "E_NOT_UNSUPPORTED contains": {
    text: "'{condition}' also keeps the items with no {attribute}, which one filter cannot say; '{nearest}' is the nearest, but it drops them",
    extra: OPERATOR,
  },
  "E_NOT_UNSUPPORTED ordering": {
    text: `${NOT_OF}; did you mean '{suggestion}'? (that also drops items where '{attribute}' is missing or not a number)`,
    extra: OPERATOR,
  },
  "E_NOT_UNSUPPORTED between": { text: `${NOT_OF}; 'not between' would need 'or' ('{attribute}' below or above the range), which cannot be checked here`, extra: OPERATOR },
  "E_NOT_UNSUPPORTED beginsWith": { text: `${NOT_OF}; there is no 'not beginsWith'; 'notContains' is the nearest`, extra: OPERATOR },
  "E_NOT_UNSUPPORTED other": { text: NOT_OF, extra: OPERATOR },

  "E_QUERY_OPERATOR": { text: "a key query cannot use '{written}'; it can use {expected|operators}", extra: OPERATOR },
  "E_QUERY_OPERATOR json": { text: "a key query cannot use '{operator}'; it can use {expected|or}" },

  "E_QUERY_ATTRIBUTE": { text: "a key query tests only the key; write 'key'[ (or '{key}')] or leave the name out, not '{name}'" },
  "E_QUERY_ATTRIBUTE json": { text: 'a QueryFilter has no "item": it always tests the table\'s secondary key; leave "item" out' },

  "E_QUERY_SHAPE or": { text: `'or' cannot be used here: ${KEY_SHAPE}` },
  "E_QUERY_SHAPE not": { text: `'not' cannot be used here: ${KEY_SHAPE}` },
  "E_QUERY_SHAPE and": { text: `more than two conditions cannot be used here: ${KEY_SHAPE}` },
  "E_QUERY_SHAPE range": { text: KEY_SHAPE, extra: "operator, written (the condition that is neither)" },
  "E_QUERY_SHAPE rangeExclusive": { text: `${KEY_SHAPE}; use >= and <=, since between is inclusive`, extra: "operator, written" },
  "E_QUERY_SHAPE scope": { text: "this condition on the key cannot be combined with the other condition on the key that applies here" },

  E_EMPTY: { text: "write a condition on the key, such as '>= 3' or 'beginsWith \"a\"'" },

  "E_LIMIT length": { text: "this filter is {length} characters long; at most {limit} are allowed" },
  "E_LIMIT stack": { text: "this filter nests too deeply" },
  "E_LIMIT depth": { text: "groups and negations nest more than {limit} deep" },
  "E_LIMIT predicates": { text: "this filter has more than {limit} conditions" },
  "E_LIMIT inValues": { text: "an in list takes at most {limit} values" },
  "E_LIMIT inCount": { text: "'in' takes at most {limit} values, not {count}", extra: OPERATOR },
  "E_LIMIT alternatives": { text: "these alternatives make an 'in' of {count} values; at most {limit} are allowed" },
  "E_LIMIT filters": { text: "{count} filters; at most {limit} are allowed" },
  "E_LIMIT dynamoOperators": { text: "this filter needs {operators} operators and functions in one DynamoDB expression; DynamoDB takes at most {limit}" },
  "E_LIMIT dynamoBytes": { text: "this filter makes a DynamoDB expression of {bytes} bytes; DynamoDB takes at most {limit} (4 KB)" },

  E_UNKNOWN_ATTRIBUTE: { text: "unknown attribute '{name}'[; did you mean {suggestions|or}?]" },

  "E_ATTRIBUTE_TYPE textOperator": { text: "'{written}' tests text, but '{name}' is a number; compare it with {expected|operators}", extra: "operator, type" },
  "E_ATTRIBUTE_TYPE numberOperator": { text: "'{written}' compares numbers, but '{name}' is a string; use {expected|operators}", extra: "operator, type" },
  "E_ATTRIBUTE_TYPE numberValue": { text: "'{name}' is a number, but this value is a string; write a number without quotes", extra: "type, value" },
  "E_ATTRIBUTE_TYPE stringValue": { text: "'{name}' is a string, but this value is a number; quote it: {suggestion}", extra: "type, value" },
  "E_ATTRIBUTE_TYPE booleanOperator": { text: "'{written}' never matches a boolean, and '{name}' is a boolean; compare it with {expected|operators}", extra: "operator, type" },
  "E_ATTRIBUTE_TYPE booleanValue": { text: "'{name}' is a boolean, but this value is not[; write {suggestion}]", extra: "type, value" },
  "E_ATTRIBUTE_TYPE notBoolean": { text: "'{name}' is {type|type}, but this value is a boolean", extra: "value" },
  "E_ATTRIBUTE_TYPE array": { text: "'{name}' holds lists, and '{written}' never matches a list; use 'contains' to test for an element", extra: "operator, type" },
  "E_ATTRIBUTE_TYPE arrayContains": { text: "'{name}' holds lists, and '{written}' never matches a list; did you mean '{suggestion}'?", extra: "operator, type" },

  // Syntax trees handed in as objects.
  "E_FILTER_JSON twice": { text: "this node appears twice in the tree (a cycle, or a subtree shared by two parents)" },
  "E_FILTER_JSON operands": { text: "an {node} node needs an array of operands, not {given|type}[ ({value|literal})]" },
  "E_FILTER_JSON noOperands": { text: "an {node} node needs at least one operand" },
  "E_FILTER_JSON node": { text: "expected a node (Or, And, Not or Predicate), not {given|type}[ ({value|literal})][ of type {nodeType|literal}]" },
  "E_FILTER_JSON brackets": { text: "brackets is true or absent, not {given|type}[ ({value|literal})]" },
  "E_FILTER_JSON attribute": { text: "expected an Attribute node or null, not {given|type}[ ({value|literal})][ of type {nodeType|literal}]" },
  "E_FILTER_JSON attributeName": { text: "an attribute name is a non-empty string, not {given|type}[ ({value|literal})]" },
  "E_FILTER_JSON nameSurrogate": { text: "this attribute name has a lone surrogate, which is not valid text" },
  "E_FILTER_JSON noValue": { text: "'{operator}' takes no value" },
  "E_FILTER_JSON between": { text: "'{operator}' takes an array of two literals, not {given|type}[ ({value|literal})]" },
  "E_FILTER_JSON inEmpty": { text: "'{operator}' takes at least one value" },
  "E_FILTER_JSON oneLiteral": { text: "'{operator}' takes one literal, not an array" },
  "E_FILTER_JSON stringSurrogate": { text: "this string has a lone surrogate, which is not valid text" },
  "E_FILTER_JSON notFinite": { text: "{value} is not a number here; numbers are finite, as in JSON" },
  "E_FILTER_JSON paramName": { text: 'a parameter\'s name is a plain name such as "tenant", not {given|type}[ ({value|literal})][ of type {nodeType|literal}]' },
  "E_FILTER_JSON literal": { text: "expected a literal (a String, Number or Param node), not {given|type}[ ({value|literal})][ of type {nodeType|literal}]" },
  "E_FILTER_JSON span": { text: "a span has a start and an end, each an offset, a line and a column (whole numbers, offset from 0, line and column from 1), or is absent" },
  // Filter JSON (validateListFilter, validateQueryFilter); also a tree's unknown operator.
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
  E_PLAN_TOO_LARGE: { text: "this filter would take more than {limit} requests to run: each alternative joined by 'or' takes a request of its own ('=' and 'in' tests of one attribute share one); use fewer alternatives" },
  E_PARAM_MISSING: { text: "${name} has no value here" },
};
