// The DynamoDB store behind `itemfilter serve --dynamodb-endpoint`: the service's
// listItems/queryItems over real DynamoDB tables, through the emulator's one request handler.
export { createDynamoStore, DEFAULT_ANSWER_WITHIN_MS, type DynamoStoreOptions, type StoreCall } from "./store/createDynamoStore.js";
export { writeTable, WriteTableError, type WriteProgress, type WriteResult, type WriteTableErrorCode, type WriteTableErrorDetails, type WriteTableOptions } from "./store/writeTable.js";
export { toAttributeValue, toItem } from "./store/attributeValues.js";
export type { RetryOptions } from "./run/retryPolicy.js";
export { MAX_ITEM_BYTES, itemBytes, type ItemRule } from "./store/itemLimits.js";
