import type { PathSegment } from "../scan/readNamePath.js";
import type { NumberValue } from "../values/ExactNumber.js";
import type { Span } from "../messages/location.js";
import type { Operator } from "../values/operators.js";

// Paths are read by the scanner, below the tree, so their step type lives there.
export type { PathSegment };

/**
 * The syntax tree. Every node has a `type` and a `span`. Groups are not
 * nodes: parentheses only steer precedence, and an `and` inside an `and`
 * (or an `or` inside an `or`) is flattened, so equal filters have equal trees.
 * A tree built by hand may leave spans out; every function that takes a tree
 * validates it first (validateTree.ts).
 */
export type FilterNode = OrNode | AndNode | NotNode | PredicateNode;

export interface OrNode {
  readonly type: "Or";
  readonly operands: FilterNode[];
  readonly span: Span;
}

export interface AndNode {
  readonly type: "And";
  readonly operands: FilterNode[];
  readonly span: Span;
}

export interface NotNode {
  readonly type: "Not";
  readonly operand: FilterNode;
  readonly span: Span;
}

/**
 * One test of one attribute. `attribute` is null when a key query leaves its
 * subject out (`>= 3`). `value` is absent for null/notNull, a pair for
 * between, a list for in, a String holding the type's name for type/notType
 * (`a is string`, `a is not list`: typeNames.ts), and one literal otherwise.
 */
export interface PredicateNode {
  readonly type: "Predicate";
  readonly attribute: AttributeNode | null;
  readonly operator: Operator;
  readonly operatorSpan: Span;
  readonly value?: LiteralNode | LiteralNode[];
  /**
   * For `in`: the values were written in brackets, JSON's array syntax, so the
   * compiled value is always an array. `in (x)` and `in x` send one value as a scalar.
   */
  readonly brackets?: true;
  /**
   * The condition tests `size(attribute)`, DynamoDB's size(): the length of
   * a string, the bytes of a binary, the elements of a list, set or map
   * (grammar/semantics.md). Only the comparisons, `between` and `in` take it,
   * with numbers. The span starts at `size`.
   */
  readonly size?: true;
  readonly span: Span;
}

export interface AttributeNode {
  readonly type: "Attribute";
  /** The (top-level) attribute's name as the filter reads it, after backtick unquoting. */
  readonly name: string;
  /**
   * A nested attribute (`address.city`, `items[0].sku`): the steps after
   * `name`, a map member's name (a string) or a list index (a number).
   * Absent for a top-level attribute, never empty. The span covers the whole path.
   */
  readonly path?: readonly PathSegment[];
  readonly span: Span;
}


/** A value in a filter: a literal, or a parameter that `params` supplies. */
export type LiteralNode = StringNode | NumberNode | BooleanNode | ParamNode;

/**
 * `$name`: a value the app supplies through the `params` option, never
 * through the text. parse() keeps it in the tree, so a filter can be parsed
 * once and run with other values; every function that runs or compiles a
 * filter binds it first (bindParams.ts), so no stage after that sees one.
 */
export interface ParamNode {
  readonly type: "Param";
  /** The name after `$`. */
  readonly name: string;
  readonly span: Span;
}

export interface StringNode {
  readonly type: "String";
  readonly value: string;
  readonly span: Span;
}

/** A number: a double where one holds its digits, else an ExactNumber (values/ExactNumber.ts). */
export interface NumberNode {
  readonly type: "Number";
  readonly value: NumberValue;
  readonly span: Span;
}

/** `true` or `false`: DynamoDB's BOOL. Only `=`, `!=` and `in` take one (booleanOperators.ts). */
export interface BooleanNode {
  readonly type: "Boolean";
  readonly value: boolean;
  readonly span: Span;
}

/** A parsed filter: `body` is null for empty or white-space-only source. */
export interface FilterDocument {
  readonly type: "Filter";
  readonly body: FilterNode | null;
  readonly span: Span;
}
