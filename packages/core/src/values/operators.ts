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

export interface OperatorInfo {
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
  /** One line for content assist and the reference. */
  readonly summary: string;
  /** How the reference shows it being written. */
  readonly example: string;
}

export const OPERATORS: readonly OperatorInfo[] = [
  {
    name: "equals",
    legacy: "EQ",
    symbols: ["=", "=="],
    words: ["equals"],
    value: "scalar",
    query: true,
    complement: "notEquals",
    summary: "present, of the same type, and equal",
    example: 'status = "active"',
  },
  {
    name: "notEquals",
    legacy: "NE",
    symbols: ["!=", "<>"],
    words: ["notEquals"],
    value: "scalar",
    query: false,
    complement: "equals",
    summary: "not equal (true when missing or of another type)",
    example: 'status != "deleted"',
  },
  {
    name: "lessThan",
    legacy: "LT",
    symbols: ["<"],
    words: ["lessThan"],
    value: "number",
    query: true,
    summary: "less than a number",
    example: "age < 18",
  },
  {
    name: "lessEqual",
    legacy: "LE",
    symbols: ["<="],
    words: ["lessEqual"],
    value: "number",
    query: true,
    summary: "less than or equal to a number",
    example: "age <= 65",
  },
  {
    name: "greaterThan",
    legacy: "GT",
    symbols: [">"],
    words: ["greaterThan"],
    value: "number",
    query: true,
    summary: "greater than a number",
    example: "score > 3",
  },
  {
    name: "greaterEqual",
    legacy: "GE",
    symbols: [">="],
    words: ["greaterEqual"],
    value: "number",
    query: true,
    summary: "greater than or equal to a number",
    example: "score >= 3",
  },
  {
    name: "contains",
    legacy: "CONTAINS",
    symbols: [],
    words: ["contains"],
    value: "string",
    query: false,
    // No complement: notContains is false when the attribute is missing (DynamoDB), so it is not `not contains`.
    summary: "a substring, or an element of a set",
    example: 'tags contains "x"',
  },
  {
    name: "notContains",
    legacy: "NOT_CONTAINS",
    symbols: [],
    words: ["notContains"],
    value: "string",
    query: false,
    summary: "present, and not containing the value (false when missing)",
    example: 'tags notContains "x"',
  },
  {
    name: "beginsWith",
    legacy: "BEGINS_WITH",
    symbols: [],
    words: ["beginsWith"],
    value: "string",
    query: true,
    summary: "a string with this prefix",
    example: 'name beginsWith "ab"',
  },
  {
    name: "in",
    legacy: "IN",
    symbols: [],
    words: ["in"],
    value: "list",
    query: false,
    summary: "equal to any of the values",
    example: 'status in ("a", "b")',
  },
  {
    name: "between",
    legacy: "BETWEEN",
    symbols: [],
    words: ["between"],
    value: "range",
    query: true,
    summary: "between two bounds, inclusive",
    example: "age between 18 and 65",
  },
  {
    name: "null",
    legacy: "NULL",
    symbols: [],
    words: ["null"],
    value: "none",
    query: false,
    complement: "notNull",
    summary: "the attribute is missing",
    example: "email is null",
  },
  {
    name: "notNull",
    legacy: "NOT_NULL",
    symbols: [],
    words: ["notNull"],
    value: "none",
    query: false,
    complement: "null",
    summary: "the attribute is present",
    example: "email is not null",
  },
];

const byName = new Map<string, OperatorInfo>(OPERATORS.map((op) => [op.name, op]));

/** The table row for a canonical operator name, or undefined for anything else. */
export function operatorInfo(name: string): OperatorInfo | undefined {
  return byName.get(name);
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
