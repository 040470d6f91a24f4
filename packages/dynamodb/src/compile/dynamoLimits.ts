/**
 * DynamoDB's expression limits, from the "Expression parameters" section of
 * AWS's DynamoDB constraints page (cited in the package README), each checked
 * against DynamoDB Local (test/dynamoLimits.test.ts):
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Constraints.html#limits-expression-parameters
 */
export const DYNAMO_LIMITS = Object.freeze({
  /** Bytes of one expression string (4 KB). */
  expressionBytes: 4096,
  /** Operators and functions in one expression: every comparator, IN, BETWEEN, function, AND, OR and NOT counts one. */
  operators: 300,
  /** Operands of one IN; a longer list is sent as an OR of INs. */
  inOperands: 100,
  /** Bytes of all expression attribute names and values of one request (2 MB). */
  substitutionBytes: 2 * 1024 * 1024,
});
