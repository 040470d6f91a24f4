/**
 * A client error as the command prints it: `CODE: message`. Advice the
 * client gives its library's callers is reworded where the command offers
 * no way to follow it: E_RESPONSE_TOO_LARGE advises `limit` (the request's
 * page size) and `maxResponseBytes`, and the command sets neither (its
 * `--limit` counts the items it prints, issue 33 §4).
 */
export function clientErrorText(error: Error & { code?: unknown }): string {
  const code = typeof error.code === "string" ? error.code : undefined;
  const { operation, maxResponseBytes } = error as { operation?: unknown; maxResponseBytes?: unknown };
  if (code === "E_RESPONSE_TOO_LARGE" && typeof operation === "string" && typeof maxResponseBytes === "number") {
    return `${code}: ${operation}: the service sent a page larger than ${maxResponseBytes} bytes, the most itemfilter reads; reading stopped there. A narrower filter makes the service's pages smaller (itemfilter cannot ask for smaller pages: --limit counts the items printed)`;
  }
  return code === undefined ? error.message : `${code}: ${error.message}`;
}
