/**
 * The one table of operator facts. The lexer, the compiler, the validator,
 * the error messages, content assist and the language reference all read it,
 * so a fact about an operator is written down exactly once.
 */

/** The service's operator names, which are also our canonical names. */
export type Operator =
  | "equals"
  | "notEquals"
  | "lessEqual"
  | "lessThan"
  | "greaterEqual"
  | "greaterThan"
  | "notNull"
  | "null"
  | "contains"
  | "notContains"
  | "beginsWith"
  | "in"
  | "between"
  /* The language's own, which no service filter takes, so they are not in OPERATORS (typeNames.ts): */
  | "type"
  | "notType";

/**
 * The shape of an operator's `value` in the service's tables.
 * - `scalar`: a string or a number
 * - `number` / `string`: exactly that type
 * - `none`: no `value` member at all
 * - `list`: 1 to maxInValues strings or numbers
 * - `range`: two bounds of one type, lower <= upper
 */
export type ValueShape = "scalar" | "number" | "string" | "none" | "list" | "range";

/** An operator's facts: what the lexer, compilers, validators and messages read. */
export interface OperatorFacts {
  readonly name: Operator;
  /** Symbols that write this operator; exact, case-sensitive. */
  readonly symbols: readonly string[];
  /** Words that write this operator; matched case-insensitively. */
  readonly words: readonly string[];
  readonly value: ValueShape;
  /** Whether a queryItems QueryFilter may use it. */
  readonly query: boolean;
  /** The operator that is exactly `not` this one, where the service has it. */
  readonly complement?: Operator;
  /**
   * The DynamoDB legacy ComparisonOperator (ScanFilter, KeyConditions) this
   * operator is: the service's operators are those under other names.
   */
  readonly legacy: "EQ" | "NE" | "LT" | "LE" | "GT" | "GE" | "CONTAINS" | "NOT_CONTAINS" | "BEGINS_WITH" | "IN" | "BETWEEN" | "NULL" | "NOT_NULL";
}

/** An operator's facts and how the reference describes it: the package's OPERATORS and operatorInfo give these. */
export interface OperatorInfo extends OperatorFacts {
  /** One line for content assist and the reference. */
  readonly summary: string;
  /** How the reference shows it being written. */
  readonly example: string;
}

/**
 * The facts, by operator. The package exports OPERATOR_REFERENCE as its
 * OPERATORS (src/index.ts), each row with its description (OPERATOR_DOCS);
 * the library's own code reads only the facts, so an app that compiles or
 * matches does not carry the descriptions (figures 6b and 6c of packages/bench).
 */
export const OPERATORS: readonly OperatorFacts[] = [
  {
    name: "equals",
    legacy: "EQ",
    symbols: ["=", "=="],
    words: ["equals"],
    value: "scalar",
    query: true,
    complement: "notEquals",
  },
  {
    name: "notEquals",
    legacy: "NE",
    symbols: ["!=", "<>"],
    words: ["notEquals"],
    value: "scalar",
    query: false,
    complement: "equals",
  },
  {
    name: "lessThan",
    legacy: "LT",
    symbols: ["<"],
    words: ["lessThan"],
    value: "number",
    query: true,
  },
  {
    name: "lessEqual",
    legacy: "LE",
    symbols: ["<="],
    words: ["lessEqual"],
    value: "number",
    query: true,
  },
  {
    name: "greaterThan",
    legacy: "GT",
    symbols: [">"],
    words: ["greaterThan"],
    value: "number",
    query: true,
  },
  {
    name: "greaterEqual",
    legacy: "GE",
    symbols: [">="],
    words: ["greaterEqual"],
    value: "number",
    query: true,
  },
  {
    name: "contains",
    legacy: "CONTAINS",
    symbols: [],
    words: ["contains"],
    value: "string",
    query: false,
    // No complement: notContains is false when the attribute is missing (DynamoDB), so it is not `not contains`.
  },
  {
    name: "notContains",
    legacy: "NOT_CONTAINS",
    symbols: [],
    words: ["notContains"],
    value: "string",
    query: false,
  },
  {
    name: "beginsWith",
    legacy: "BEGINS_WITH",
    symbols: [],
    words: ["beginsWith"],
    value: "string",
    query: true,
  },
  {
    name: "in",
    legacy: "IN",
    symbols: [],
    words: ["in"],
    value: "list",
    query: false,
  },
  {
    name: "between",
    legacy: "BETWEEN",
    symbols: [],
    words: ["between"],
    value: "range",
    query: true,
  },
  {
    name: "null",
    legacy: "NULL",
    symbols: [],
    words: ["null"],
    value: "none",
    query: false,
    complement: "notNull",
  },
  {
    name: "notNull",
    legacy: "NOT_NULL",
    symbols: [],
    words: ["notNull"],
    value: "none",
    query: false,
    complement: "null",
  },
];

const byName = new Map<string, OperatorFacts>(OPERATORS.map((op) => [op.name, op]));

/** The table row for a canonical operator name, or undefined for anything else. */
export function operatorInfo(name: string): OperatorFacts | undefined {
  return byName.get(name);
}

/** How content assist and the reference describe each operator of OPERATORS. */
const OPERATOR_DOCS: Readonly<Record<Exclude<Operator, "type" | "notType">, { readonly summary: string; readonly example: string }>> = {
  equals: { summary: "present, of the same type, and equal", example: 'status = "active"' },
  notEquals: { summary: "not equal (true when missing or of another type)", example: 'status != "deleted"' },
  lessThan: { summary: "less than a number", example: "age < 18" },
  lessEqual: { summary: "less than or equal to a number", example: "age <= 65" },
  greaterThan: { summary: "greater than a number", example: "score > 3" },
  greaterEqual: { summary: "greater than or equal to a number", example: "score >= 3" },
  contains: { summary: "a substring, or an element of a list or set", example: 'tags contains "x"' },
  notContains: { summary: "present, and not containing the value (false when missing)", example: 'tags notContains "x"' },
  beginsWith: { summary: "a string with this prefix", example: 'name beginsWith "ab"' },
  in: { summary: "equal to any of the values", example: 'status in ("a", "b")' },
  between: { summary: "between two bounds, inclusive", example: "age between 18 and 65" },
  null: { summary: "the attribute is missing", example: "email is null" },
  notNull: { summary: "the attribute is present", example: "email is not null" },
};

/** OPERATORS with their descriptions, in its order: the package's OPERATORS. Built by a pure call, so a bundle that never reads it drops OPERATOR_DOCS. */
export const OPERATOR_REFERENCE: readonly OperatorInfo[] = /* @__PURE__ */ withDocs();

function withDocs(): readonly OperatorInfo[] {
  return OPERATORS.map((op) => ({ ...op, ...OPERATOR_DOCS[op.name as keyof typeof OPERATOR_DOCS] }));
}

/** The package's operatorInfo: the OPERATOR_REFERENCE row for a canonical operator name, or undefined for anything else. */
export function operatorReference(name: string): OperatorInfo | undefined {
  return OPERATOR_REFERENCE.find((op) => op.name === name);
}

export const LIST_OPERATORS: readonly Operator[] = OPERATORS.map((op) => op.name);
export const QUERY_OPERATORS: readonly Operator[] = OPERATORS.filter((op) => op.query).map((op) => op.name);

/**
 * Words people write for an operator we spell differently. Keys are
 * normalised (lower case, no `_` or `-`). They feed "did you mean" only;
 * the language itself never accepts them.
 */
export const OPERATOR_MISSPELLINGS: Readonly<Record<string, string>> = {
  startswith: "beginsWith",
  begins: "beginsWith",
  prefix: "beginsWith",
  like: "contains",
  has: "contains",
  includes: "contains",
  gte: "greaterEqual",
  ge: "greaterEqual",
  gt: "greaterThan",
  lte: "lessEqual",
  le: "lessEqual",
  lt: "lessThan",
  eq: "equals",
  equal: "equals",
  is: "equals",
  ne: "notEquals",
  neq: "notEquals",
  notequal: "notEquals",
  isnull: "is null",
  isnotnull: "is not null",
  exists: "is not null",
  notin: "not in",
};
