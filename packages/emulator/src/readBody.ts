import type { IncomingMessage } from "node:http";
import { RequestError } from "./RequestError.js";

export interface ReadBodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * Reads a request body, keeping at most maxBytes. A body that declares or
 * reaches more is answered 413 at once; the rest is read and dropped rather
 * than refused, because closing on a client that is still sending resets the
 * connection and can destroy the 413 before the client reads it. A client
 * that never stops is cut off by the server's request timeout.
 */
export function readBody(req: IncomingMessage, limits: ReadBodyLimits): Promise<Buffer> {
  const tooLarge = (): RequestError => new RequestError(413, `the request body is larger than ${limits.maxBytes} bytes (maxBodyBytes)`);

  return new Promise<Buffer>((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      req.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const finish = (error: RequestError | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      if (error === null) {
        resolve(Buffer.concat(chunks, total));
        return;
      }
      // Keep consuming so the socket never stalls on a full buffer.
      req.resume();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total <= limits.maxBytes) chunks.push(chunk);
      else finish(tooLarge());
    };
    const onEnd = (): void => finish(null);
    const timer = setTimeout(
      // The body is incomplete, so the connection's framing is lost: it is closed after the answer.
      () => finish(new RequestError(408, `the request was not received within ${limits.timeoutMs} ms`, true)),
      limits.timeoutMs,
    );
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", () => finish(new RequestError(400, "the request body could not be read", true)));
    req.on("aborted", () => finish(new RequestError(400, "the client aborted the request", true)));
  });
}
