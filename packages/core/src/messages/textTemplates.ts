import type { Template } from "./valueTemplates.js";

/*
 * The message templates of the parser, the scanner, the compilers and the
 * planner (their syntax: messageTemplates.ts). Apart from VALUE_TEMPLATES, so
 * an app that only matches or validates filter JSON does not carry them.
 */

const EXPECTED = "expected {expected|tokens}[ after '{after}'], found {found|found}";
const KEY_SHAPE = "a key query takes one condition on the key, or 'key >= a and key <= b' (which becomes between)";
const NOT_OF = "'not' of '{written}' cannot be checked exactly here";

/** The templates of the text compilers, the parser and the planner; those of values and filter JSON are VALUE_TEMPLATES. */
export const TEXT_TEMPLATES: Readonly<Record<string, Template>> = /* @__PURE__ */ textTemplates();

/**
 * Built in a function so that a bundle that never reads TEXT_TEMPLATES drops
 * it: a top-level object whose texts are template literals counts, for
 * bundlers, as code that may run something (a `${…}` converts a value).
 */
function textTemplates(): Readonly<Record<string, Template>> {
  return {
    // The parser: what it expected and what it found.
    "E_SYNTAX expected": { text: `${EXPECTED}[; did you mean '{suggestion}'?]` },
    "E_SYNTAX unquoted": { text: `${EXPECTED}; to compare with text, quote it: {suggestion}` },
    "E_SYNTAX booleanName": { text: `${EXPECTED}; {found|found} is a value; write {suggestion} for an attribute of that name` },
    "E_SYNTAX notFinite": { text: `${EXPECTED}; {found} is not a number here; numbers are finite, as in JSON` },
    "E_SYNTAX unmatched": { text: `${EXPECTED}; this ')' has no matching '('` },
    "E_SYNTAX missingComma": { text: "missing ',' between values: write '{before}, {after}'" },
    "E_SYNTAX keyValue": { text: "expected {expected|tokens}, found '{found}'; did you mean '{suggestion}'?" },
    "E_SYNTAX inParentheses": { text: `${EXPECTED}; put the values in parentheses: in ({values|plain})` },
    "E_SYNTAX typeName": { text: "'{found}' is not a type; write {expected|or}[; did you mean '{suggestion}'?]" },
    "E_SYNTAX setType": { text: "the item model holds sets as lists, so '{found}' cannot be told from a list; write 'list', which is true for both" }, // params also: suggestion
    "E_SYNTAX noAttribute": { text: "expected an attribute name before '{written}'" }, // params also: operator (its name)
    // The scanner.
    "E_SYNTAX reversedOperator": { text: "'{written}' is not an operator; did you mean '{suggestion}'?" },
    "E_SYNTAX halfOperator": { text: "unexpected character '{character}'; write '{suggestion}' or '{word}'" },
    "E_SYNTAX parameterName": { text: "'{character}' starts a parameter and needs a name after it, as in $tenant" },
    "E_SYNTAX character": { text: "unexpected character {character|char}" },
    "E_SYNTAX minus": { text: "unexpected character '{character}': a minus sign must be followed by digits" },
    "E_SYNTAX numberBase": { text: "'{text}' is not a number: only decimal numbers are allowed" }, // params also: suggestion? (the same number in decimal)
    "E_SYNTAX numberSeparator": { text: "'{text}' is not a number: digit separators are not allowed[; write {suggestion}]" },
    "E_SYNTAX numberPoint": { text: "'{text}' is not a number: write a digit before the point[, as in {suggestion}]" },
    "E_SYNTAX numberLeadingZero": { text: "'{text}' is not a number: leading zeros are not allowed" }, // params also: suggestion?
    "E_SYNTAX numberFraction": { text: "'{text}' is not a number: a decimal point needs digits after it" },
    "E_SYNTAX numberExponent": { text: "'{text}' is not a number: an exponent needs digits" },
    "E_SYNTAX numberForm": { text: "'{text}' is not a number: numbers are written as in JSON, such as 42, -2.5 or 1.5e3" },
    "E_SYNTAX unterminatedString": { text: "unterminated string: add the closing {quote}" },
    "E_SYNTAX unterminatedName": { text: "unterminated quoted name: add the closing {quote}" },
    "E_SYNTAX unterminatedStringLine": { text: "unterminated string: add the closing {quote} (write \\n for a line break inside it)" },
    "E_SYNTAX unterminatedNameLine": { text: "unterminated quoted name: add the closing {quote} (write \\n for a line break inside it)" },
    "E_SYNTAX emptyName": { text: "an attribute name cannot be empty" },
    "E_SYNTAX pathMember": { text: "expected a member name after '{path}': write a name or a quoted name after the dot, as in address.city" },
    "E_SYNTAX pathNumberMember": { text: "'{text}' names a member by a number: write {suggestion} for a list element, or {quoted} for a map member named so" },
    "E_SYNTAX pathIndex": { text: "'{text}' is not a list index: an index is a whole number from 0 in brackets after the list's name[; did you mean '{suggestion}'?]" },
    "E_SYNTAX pathIndexClose": { text: "missing ']' after the index: write {suggestion}" }, // params also: text
    "E_SYNTAX pathIndexLarge": { text: "'{text}' is not a list index: an index is at most {limit}" },
    "E_SYNTAX pathDepth": { text: "a path has at most {limit} steps after its attribute, as DynamoDB nests at most so deep" },
    "E_SYNTAX pathDot": { text: "unexpected character '{character}': a path is written with no spaces, after a name, as in address.city" },
    "E_SYNTAX loneSurrogate": { text: "a lone surrogate is not valid text" },
    "E_SYNTAX escapeHex": { text: "invalid escape: \\u needs exactly four hex digits, as in \\u00e9" },
    "E_SYNTAX escapeHighSurrogate": { text: "invalid escape: {escape} is a high surrogate and needs a low surrogate escape after it" },
    "E_SYNTAX escapeLowSurrogate": { text: "invalid escape: {escape} is a lone low surrogate" },
    "E_SYNTAX escape": { text: "invalid escape '{escape}': use one of {allowed|plain}" },
    "E_SYNTAX escapeLineBreak": { text: "invalid escape: a line break cannot follow a backslash; use one of {allowed|plain}" },
    "E_SYNTAX curlyQuotes": { text: "curly quotes do not quote a string; use straight quotes: {quote}{text}{quote}" },
    "E_SYNTAX curlyQuote": { text: "unexpected character '{character}': use straight quotes ({suggestion}) around a string" },
  
    "E_NUMBER digits": { text: "{number} has {digits} significant digits; a number has at most 38" },
    "E_NUMBER large": { text: "{number} is too large: a number is below 1e126 in magnitude" },
    "E_NUMBER small": { text: "{number} is too small: a number other than 0 is at least 1e-130 in magnitude" },
    "E_NUMBER notFinite": { text: "{number} cannot be written as a number: numbers are finite" },
    "E_NUMBER dynamo": { text: "DynamoDB cannot hold the number {number}: its numbers are zero or of a magnitude from 1e-130 to below 1e126" },
  
    "E_VALUE_TYPE null": { text: "'{written}' cannot compare with null; write 'is null' or 'is not null'" }, // params also: operator (its name)
    "E_VALUE_TYPE boolean": { text: "'{written}' cannot take a boolean; compare true and false with =, != or in" }, // params also: operator (its name)
    "E_VALUE_TYPE booleanList": { text: "a listItems filter cannot hold a boolean: the service compares strings and numbers only" }, // params also: operator, written
    "E_VALUE_TYPE stringOrdering": { text: "the service's '{written}' orders numbers only, and {value|literal} is a string" }, // params also: operator (its name)
    "E_VALUE_TYPE sizeOperator": { text: "size(…) is a number: compare it with =, !=, <, <=, >, >=, between or in, not '{written}'" }, // params also: operator (its name)
    "E_VALUE_TYPE sizeValue": { text: "size(…) is a number, and compares with numbers, not {given|type}[ ({value|literal})]" }, // params also: expected
    "E_VALUE_TYPE sizeService": { text: "the service's filters cannot test size(…): they compare an attribute's value" }, // params also: operator, written
    "E_VALUE_TYPE pathService": { text: "the service's filters name a top-level attribute, not the path '{path}'" }, // params also: name (the top-level attribute), operator, written
    "E_VALUE_TYPE typeService": { text: "the service's filters cannot test an attribute's type: they compare its value" }, // params also: operator, written
    "E_VALUE_TYPE booleanKey": { text: "a key is a string or a number, never a boolean" }, // params also: operator, written
    "E_VALUE_TYPE keyPrefix": { text: 'every key begins with "", and a key value cannot be the empty string; leave this condition out to read every key' }, // params also: operator, value
    "E_VALUE_TYPE keyRange": {
      text: 'a key value cannot be the empty string, and no key is empty: start the range at "\\u0000", the smallest key there is',
      // params also: operator, value
    },
    "E_VALUE_TYPE keyEmpty": { text: "a key value cannot be the empty string: no key is empty, so this matches nothing" }, // params also: operator, value
    "E_VALUE_TYPE paramList": { text: "${name} is a list, but only 'in' takes a list" }, // params also: expected, given
    "E_VALUE_TYPE paramEmpty": { text: "${name} is an empty list, and 'in' needs at least one value" }, // params also: expected, given
    "E_VALUE_TYPE paramItems": { text: "${name} is a list that holds something other than strings, numbers and booleans" }, // params also: expected, given
    "E_VALUE_TYPE paramType": { text: "${name} must be {expected|type}, not {given|type}" },
  
  
    "E_OR_UNSUPPORTED or": { text: "'or' can only join equality tests on one attribute here, as in a = 1 or a = 2" },
    "E_OR_UNSUPPORTED not and": { text: "'not (… and …)' can only join equality tests on one attribute here, as in a = 1 or a = 2" },
  
    "E_NOT_UNSUPPORTED contains": {
      text: "'{condition}' also keeps the items with no {attribute}, which one filter cannot say; '{nearest}' is the nearest, but it drops them",
      // params also: operator (its name)
    },
    "E_NOT_UNSUPPORTED ordering": {
      text: `${NOT_OF}; did you mean '{suggestion}'? (that also drops items where '{attribute}' is missing or not a number)`,
      // params also: operator (its name)
    },
    "E_NOT_UNSUPPORTED between": { text: `${NOT_OF}; 'not between' would need 'or' ('{attribute}' below or above the range), which cannot be checked here` }, // params also: operator (its name)
    "E_NOT_UNSUPPORTED beginsWith": { text: `${NOT_OF}; there is no 'not beginsWith'; 'notContains' is the nearest` }, // params also: operator (its name)
    "E_NOT_UNSUPPORTED other": { text: NOT_OF }, // params also: operator (its name)
  
    "E_QUERY_OPERATOR": { text: "a key query cannot use '{written}'; it can use {expected|operators}" }, // params also: operator (its name)
  
    "E_QUERY_ATTRIBUTE": { text: "a key query tests only the key; write 'key'[ (or '{key}')] or leave the name out, not '{name}'" },
  
    "E_QUERY_SHAPE or": { text: `'or' cannot be used here: ${KEY_SHAPE}` },
    "E_QUERY_SHAPE not": { text: `'not' cannot be used here: ${KEY_SHAPE}` },
    "E_QUERY_SHAPE and": { text: `more than two conditions cannot be used here: ${KEY_SHAPE}` },
    "E_QUERY_SHAPE range": { text: KEY_SHAPE }, // params also: operator, written (the condition that is neither)
    "E_QUERY_SHAPE rangeExclusive": { text: `${KEY_SHAPE}; use >= and <=, since between is inclusive` }, // params also: operator, written
    "E_QUERY_SHAPE scope": { text: "this condition on the key cannot be combined with the other condition on the key that applies here" },
  
    E_EMPTY: { text: "write a condition on the key, such as '>= 3' or 'beginsWith \"a\"'" },
  
    "E_LIMIT length": { text: "this filter is {length} characters long; at most {limit} are allowed" },
    "E_LIMIT stack": { text: "this filter nests too deeply" },
    "E_LIMIT depth": { text: "groups and negations nest more than {limit} deep" },
    "E_LIMIT predicates": { text: "this filter has more than {limit} conditions" },
    "E_LIMIT inValues": { text: "an in list takes at most {limit} values" },
    "E_LIMIT alternatives": { text: "these alternatives make an 'in' of {count} values; at most {limit} are allowed" },
    "E_LIMIT dynamoOperators": { text: "this filter needs {operators} operators and functions in one DynamoDB expression; DynamoDB takes at most {limit}" },
    "E_LIMIT dynamoBytes": { text: "this filter makes a DynamoDB expression of {bytes} bytes; DynamoDB takes at most {limit} (4 KB)" },
  
    E_UNKNOWN_ATTRIBUTE: { text: "unknown attribute '{name}'[; did you mean {suggestions|or}?]" },
  
    "E_ATTRIBUTE_TYPE textOperator": { text: "'{written}' tests text, but '{name}' is a number; compare it with {expected|operators}" }, // params also: operator, type
    "E_ATTRIBUTE_TYPE numberValue": { text: "'{name}' is a number, but this value is a string; write a number without quotes" }, // params also: type, value
    "E_ATTRIBUTE_TYPE stringValue": { text: "'{name}' is a string, but this value is a number; quote it: {suggestion}" }, // params also: type, value
    "E_ATTRIBUTE_TYPE booleanOperator": { text: "'{written}' never matches a boolean, and '{name}' is a boolean; compare it with {expected|operators}" }, // params also: operator, type
    "E_ATTRIBUTE_TYPE booleanValue": { text: "'{name}' is a boolean, but this value is not[; write {suggestion}]" }, // params also: type, value
    "E_ATTRIBUTE_TYPE notBoolean": { text: "'{name}' is {type|type}, but this value is a boolean" }, // params also: value
    "E_ATTRIBUTE_TYPE array": { text: "'{name}' holds lists, and '{written}' never matches a list; use 'contains' to test for an element" }, // params also: operator, type
    "E_ATTRIBUTE_TYPE arrayContains": { text: "'{name}' holds lists, and '{written}' never matches a list; did you mean '{suggestion}'?" }, // params also: operator, type
  
    // Syntax trees handed in as objects.
    "E_FILTER_JSON twice": { text: "this node appears twice in the tree (a cycle, or a subtree shared by two parents)" },
    "E_FILTER_JSON operands": { text: "an {node} node needs an array of operands, not {given|type}[ ({value|literal})]" },
    "E_FILTER_JSON noOperands": { text: "an {node} node needs at least one operand" },
    "E_FILTER_JSON node": { text: "expected a node (Or, And, Not or Predicate), not {given|type}[ ({value|literal})][ of type {nodeType|literal}]" },
    "E_FILTER_JSON size": { text: "size is true or absent, not {given|type}[ ({value|literal})]" },
    "E_FILTER_JSON sizeOperator": { text: "'{operator}' cannot test size(…): it takes =, !=, <, <=, >, >=, between and in" },
    "E_FILTER_JSON typeName": { text: "a type test's value is a String node naming a type: {expected|or}" },
    "E_FILTER_JSON brackets": { text: "brackets is true or absent, not {given|type}[ ({value|literal})]" },
    "E_FILTER_JSON attribute": { text: "expected an Attribute node or null, not {given|type}[ ({value|literal})][ of type {nodeType|literal}]" },
    "E_FILTER_JSON attributeName": { text: "an attribute name is a non-empty string, not {given|type}[ ({value|literal})]" },
    "E_FILTER_JSON nameSurrogate": { text: "this attribute name has a lone surrogate, which is not valid text" },
    "E_FILTER_JSON path": { text: "an attribute's path is an array of 1 to {limit} steps, not {given|type}[ ({value|literal})]" },
    "E_FILTER_JSON pathStep": { text: "a path's step is a member's name (a non-empty string) or a list index (a whole number from 0), not {given|type}[ ({value|literal})]" },
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
  
    E_PLAN_TOO_LARGE: { text: "this filter would take more than {limit} requests to run: each alternative joined by 'or' takes a request of its own ('=' and 'in' tests of one attribute share one); use fewer alternatives" },
    E_PARAM_MISSING: { text: "${name} has no value here" },
  };
}
