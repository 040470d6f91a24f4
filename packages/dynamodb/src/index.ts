// Compile-only entry: filter text or tree -> DynamoDB expressions and Query/Scan plans.
// Imports nothing of the AWS SDK (the runner is "@itemfilter/dynamodb/run").
export {};
