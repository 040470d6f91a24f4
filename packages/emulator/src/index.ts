export {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from "./checkOptions.js";
export { createGuardedServer, DEFAULT_SERVER_LIMITS, type ServerLimits } from "./createGuardedServer.js";
export { createEmulator, type Emulator, type InProcessInit, type InProcessResponse, type StartOptions } from "./createEmulator.js";
export { originProblem } from "./allowedOrigins.js";
export { allowedHostsFor, isAllowedHost, isWildcardHost, LOOPBACK_HOSTS, type AllowedHosts } from "./hostCheck.js";
export { EmulatorError, type EmulatorErrorCode, type EmulatorErrorDetails } from "./EmulatorError.js";
export { fromExactTransfer, toExactTransfer, type ExactTransfer } from "./exactTransfer.js";
export type { KeyValue } from "./keyValues.js";
export { loadNdjsonItems, loadNdjsonLines, parseNdjsonItems, type NdjsonItems } from "./loadNdjsonItems.js";
export { loadNdjsonTable } from "./loadNdjsonTable.js";
export { MAX_ITEM_DEPTH } from "./itemProblem.js";
export { loadTablesFromFile } from "./loadTablesFromFile.js";
export { parseAccessFile, type AccessFile } from "./parseAccessFile.js";
export { memoryStore } from "./memoryStore.js";
export { RequestError } from "./RequestError.js";
export type { ListRead, QueryRead, ScopedRead, Store, StoreTable } from "./Store.js";
export type { TableScope } from "./tableScope.js";
export { MAX_JSON_DEPTH } from "./parseJsonBody.js";
export { MAX_FILE_BYTES } from "./readTextFile.js";
export type { Operation } from "./readMembers.js";
export type { IndexPageKey, Page, PageKey } from "./runListItems.js";
export type { Credentials, EmulatorHooks, TableAccess, EmulatorOptions, FailureHook, Item, NonJsonHook, TableDefinition, Tables } from "./types.js";
export { scanNdjsonTable, type ScannedTable, type ScanOptions } from "./scanNdjsonTable.js";
export { scanNdjsonRange, type ByteRange, type RangeJob, type RangeLine, type RangeScan } from "./scanNdjsonRange.js";
