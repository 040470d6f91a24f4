/**
 * A request the emulator refuses. It becomes the error body
 * `{"error": {"code": status, "message": message}}` with that HTTP status;
 * it never reaches the emulator's caller.
 */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Close the connection after answering: the rest of the request cannot be trusted or waited for. */
    readonly close = false,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "RequestError";
  }
}
