// The DynamoDB store behind `itemfilter serve --dynamodb-endpoint`: the service's
// listItems/queryItems over real DynamoDB tables, through the emulator's one request handler.
export {};
