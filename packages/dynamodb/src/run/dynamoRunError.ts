/** Stable codes of what can go wrong while running a plan on DynamoDB (bad filter text is core's FilterError). */
export type DynamoRunErrorCode =
  /** A number in an item that a double cannot hold exactly, or one DynamoDB cannot hold. */
  | "E_DYNAMO_NUMBER"
  /** DynamoDB (or the network on the way) refused or failed a request. */
  | "E_DYNAMO_REQUEST"
  /** DynamoDB kept throttling or failing (5xx, a cut connection) a request through the retry policy. */
  | "E_DYNAMO_BUSY"
  /** The table's key schema does not match the keys given. */
  | "E_DYNAMO_TABLE"
  /** allowScan is false and the plan needs a Scan: nothing was sent. */
  | "E_DYNAMO_SCAN"
  /** The plan would read, or has read, more items than maxItemsRead. */
  | "E_DYNAMO_READ_LIMIT"
  /** With orderBy: the local sort would hold more than maxSortItems items; nothing was given out. */
  | "E_ORDER_TOO_LARGE"
  /** findPage's cursor is not one a page of this table, filter and keys made, or it was altered. */
  | "E_CURSOR"
  /** The caller's signal aborted the run; `name` is "AbortError" and `cause` the signal's reason, as the client's AbortError. */
  | "E_ABORTED";

/**
 * The runner's one error type. `message` is for a person; `hint` is the
 * developer's next step; `attribute` names the attribute for E_DYNAMO_NUMBER;
 * `cause` keeps the SDK's error. No message carries credentials: none of our
 * code reads them (the SDK's standard chain does).
 */
export class DynamoRunError extends Error {
  readonly code: DynamoRunErrorCode;
  readonly hint: string;
  readonly attribute: string | undefined;
  /** The values the message is made of (E_DYNAMO_SCAN, E_DYNAMO_READ_LIMIT), so an app can word its own. */
  readonly params: Readonly<Record<string, string | number | readonly string[]>>;

  constructor(code: DynamoRunErrorCode, message: string, hint: string, options: { attribute?: string; cause?: unknown; params?: Readonly<Record<string, string | number | readonly string[]>> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // An abort reads as the client's does (name AbortError, code E_ABORTED), so one catch serves both runners.
    this.name = code === "E_ABORTED" ? "AbortError" : "DynamoRunError";
    this.code = code;
    this.hint = hint;
    this.attribute = options.attribute;
    this.params = options.params ?? {};
  }
}
