import type { PredicateNode } from "../syntax/ast.js";
import { predicateTest, type ValueTest } from "./predicateTest.js";
import { sizeTest, typeTest } from "./sizeAndType.js";
import { foldedTest } from "./foldedTest.js";

/**
 * The test of one condition of a tree on the attribute's value: the
 * operator's (predicateTest), on DynamoDB's size() of the value for
 * `size(a)`, on folded text for `fold(a)`, or the type test for `a is TYPE`. evaluate and explainMatch
 * both build their tests here.
 */
export function conditionTest(node: PredicateNode, value: unknown): ValueTest {
  if (node.size === true) return sizeTest(node.operator, value);
  if (node.fold === true) return foldedTest(node.operator, value);
  if (node.operator === "type" || node.operator === "notType") return typeTest(node.operator, value);
  return predicateTest(node.operator, value);
}
