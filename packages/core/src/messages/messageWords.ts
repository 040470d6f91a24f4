/*
 * The phrases the message templates' formats read (messageTemplates.ts):
 * English, as the library renders; a translation passes its own words.
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

/**
 * The phrase for each name `expected` and `given` hold in the messages about
 * values and filter JSON (valueTemplates.ts): what a value is. TYPE_WORDS
 * adds those only messages about text use, so the matches-only bundle
 * carries just these (see renderValueMessage.ts).
 */
export const VALUE_TYPE_WORDS: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  scalar: "a string or a number",
  scalars: "a string or a number (or a list of them)",
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

/** The phrase for each name `expected` and `given` hold: what a value is. */
export const TYPE_WORDS: Readonly<Record<string, string>> = /* @__PURE__ */ Object.assign(
  {
    paramValue: "a string, a number or a boolean",
    paramValues: "a string, a number or a boolean (or a list of them)",
  },
  VALUE_TYPE_WORDS,
);
