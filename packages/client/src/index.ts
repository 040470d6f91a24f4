// The exact number type items hold, and the JSON functions that keep its digits (core's, re-exported for apps).
export { ExactNumber, isExactNumber, isNumberValue, parseJson, stringifyJson, type NumberValue } from "@itemfilter/core";
export { backoffDelay, parseRetryAfter } from "./backoff.js";
export { CONTENT_TYPE, type ParamsOf } from "./buildRequest.js";
export { createClient, type Client } from "./createClient.js";
export {
  AbortError,
  ClientError,
  DeadlineError,
  HttpError,
  NetworkError,
  OrderTooLargeError,
  ProtocolError,
  RedirectError,
  ResponseTooLargeError,
  ServiceError,
  TimeoutError,
  isClientError,
  type CallName,
  type ClientErrorCode,
} from "./errors.js";
export { DEFAULT_MAX_PAGES, type PageStep, type WalkLimits, type WalkOutcome } from "./walkPages.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "./readBodyText.js";
export { MIN_PREFIX as SHORT_SECRET_LENGTH, REDACTED, secretRedactor } from "./redact.js";
export { MAX_CURSOR_LENGTH } from "./pageCursor.js";
export { MAX_ORDER_CURSOR_LENGTH } from "./orderCursor.js";
export { MAX_PAGE_LIMIT } from "./findPage.js";
export { DEFAULT_CONCURRENCY, type PlanPageFetcher, type RunOptions } from "./runPlan.js";
export { toCurl, type ToCurlOptions } from "./toCurl.js";
export type {
  ByteStreamLike,
  ClientOptions,
  CountParams,
  ExplainParams,
  FetchInit,
  FetchLike,
  FetchResponseLike,
  FindAllParams,
  FindPageParams,
  FindPageResult,
  FindOutcome,
  FindProgress,
  HttpRequest,
  Item,
  ItemValue,
  RequestEvent,
  ListItemsParams,
  Operation,
  Page,
  PageKey,
  PagingOptions,
  QueryItemsParams,
} from "./types.js";
