export { backoffDelay, parseRetryAfter } from "./backoff.js";
export { CONTENT_TYPE, type ParamsOf } from "./buildRequest.js";
export { createClient, type Client } from "./createClient.js";
export { AbortError, ClientError, HttpError, NetworkError, ProtocolError, ServiceError, TimeoutError, isClientError, type ClientErrorCode } from "./errors.js";
export { DEFAULT_MAX_PAGES } from "./iterateItems.js";
export { REDACTED } from "./redact.js";
export { toCurl, type ToCurlOptions } from "./toCurl.js";
export type {
  ClientOptions,
  FetchInit,
  FetchLike,
  FetchResponseLike,
  HttpRequest,
  Item,
  ListItemsParams,
  Operation,
  Page,
  PageKey,
  PagingOptions,
  QueryItemsParams,
} from "./types.js";
