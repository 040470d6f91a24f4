// Runner entry: findAll and explain with the AWS SDK's DynamoDBClient (a peer dependency).
export { count, type CountOptions } from "./run/count.js";
export { describeTable } from "./run/describeTable.js";
export { findPage, MAX_PAGE_LIMIT, type FindPageOptions, type FindPageResult } from "./run/findPage.js";
export { explain, findAll, type DynamoRequestEvent, type ExplainedRequest, type FindAllOptions } from "./run/findAll.js";
export { DynamoRunError, type DynamoRunErrorCode } from "./run/dynamoRunError.js";
export { marshalItem } from "./run/marshalItem.js";
export { unmarshalItem } from "./run/unmarshalItem.js";
export { createBackoff, isRetryable, isThrottling, RequestTimeoutError, RETRY_DEFAULTS, withRetry, type Backoff, type RetryLimits, type RetryOptions } from "./run/retryPolicy.js";
