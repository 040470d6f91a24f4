// Runner entry: findAll and explain with the AWS SDK's DynamoDBClient (a peer dependency).
export {};
