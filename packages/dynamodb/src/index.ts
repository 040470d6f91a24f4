// Compile-only entry: filter text or tree -> DynamoDB expressions and Query/Scan plans.
// Imports nothing of the AWS SDK (the runner is "@itemfilter/dynamodb/run").
export { compileDynamo, type CompileDynamoOptions, type DynamoExpression } from "./compile/compileDynamo.js";
export type { ExpressionValue } from "./compile/attributeValue.js";
export { DYNAMO_LIMITS } from "./compile/dynamoLimits.js";
export { planDynamo, type DynamoIndex, type DynamoInput, type DynamoKeys, type DynamoRequest, type PlanDynamoOptions } from "./plan/planDynamo.js";
export type { KeyType } from "./plan/keyCondition.js";
// planDynamo's allowScan: false throws it (E_DYNAMO_SCAN); it imports nothing of the AWS SDK.
export { DynamoRunError, type DynamoRunErrorCode } from "./run/dynamoRunError.js";
