import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { keyList, type DynamoKeys } from "../plan/dynamoKeys.js";
import { amend, type Covered } from "../plan/planTarget.js";
import type { DynamoRequest } from "../plan/planDynamo.js";

/**
 * The attributes DynamoDB resumes a request from after an item: the table's
 * keys and, for a Query on an index, the index's. An ExclusiveStartKey made
 * of an item's own values resumes strictly after that item.
 */
export function resumeNames(tableKeys: readonly string[], keys: DynamoKeys | undefined, request: DynamoRequest): string[] {
  const name = request.input.IndexName;
  const index = name === undefined ? undefined : keys?.indexes?.find((i) => i.name === name);
  // Every attribute of a multi-attribute key: DynamoDB resumes an index Query from all of them.
  const own = index === undefined ? [] : [...keyList(index.partition), ...keyList(index.sort)];
  return [...new Set([...tableKeys, ...own])];
}

/** The request with those attributes in its ProjectionExpression too (a `#r…` placeholder each), so every item read carries them. */
export function projectingNames(request: Covered, names: readonly string[]): Covered {
  const projection = request.input.ProjectionExpression;
  if (projection === undefined) return request;
  const aliases = request.input.ExpressionAttributeNames ?? {};
  // A name already read (as a path's first step) is left as it is: DynamoDB refuses two paths that overlap.
  const read = new Set(projection.split(", ").map((path) => aliases[/^[^.[]+/.exec(path)![0]] ?? path));
  const added: Record<string, string> = {};
  names.filter((name) => !read.has(name)).forEach((name, i) => (added[`#r${i}`] = name));
  const list = Object.keys(added).join(", ");
  if (list === "") return request;
  return amend(request, { input: { ...request.input, ProjectionExpression: `${projection}, ${list}`, ExpressionAttributeNames: { ...request.input.ExpressionAttributeNames, ...added } } });
}

/** An item's own key, for an ExclusiveStartKey: undefined when the item lacks one of the attributes. */
export function keyOfItem(raw: Record<string, AttributeValue>, names: readonly string[]): Record<string, AttributeValue> | undefined {
  const key: Record<string, AttributeValue> = {};
  for (const name of names) {
    const value = raw[name];
    if (value === undefined) return undefined;
    key[name] = value;
  }
  return key;
}
