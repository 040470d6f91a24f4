// Runner entry: findAll and explain with the AWS SDK's DynamoDBClient (a peer dependency).
export { explain, findAll, type ExplainedRequest, type FindAllOptions } from "./run/findAll.js";
export { DynamoRunError, type DynamoRunErrorCode } from "./run/dynamoRunError.js";
export { marshalItem } from "./run/marshalItem.js";
export { unmarshalItem } from "./run/unmarshalItem.js";
