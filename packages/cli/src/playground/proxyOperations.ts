import { request } from "node:http";
import type { OperationHandler } from "./playgroundServer.js";

/**
 * Hands each listItems/queryItems request to an emulator listening on
 * loopback and streams its answer back unchanged, so the page reaches the
 * emulator on its own origin. The emulator does all checking (body size,
 * content type, credentials, filters).
 */
export function proxyOperations(emulatorUrl: string): OperationHandler {
  const target = new URL(emulatorUrl);
  return (req, res) => {
    const headers: Record<string, string> = { host: target.host };
    for (const name of ["content-type", "content-length", "transfer-encoding"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const upstream = request(
      { hostname: target.hostname, port: target.port, method: req.method, path: new URL(req.url ?? "/", "http://x").pathname, headers },
      (answer) => {
        const out: Record<string, string | string[]> = { "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" };
        for (const name of ["content-type", "content-length", "allow", "retry-after", "connection"]) {
          const value = answer.headers[name];
          if (value !== undefined) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) {
        res.writeHead(502, { "Content-Type": "application/json; charset=UTF-8" });
        res.end(JSON.stringify({ error: { code: 502, message: "the embedded emulator did not answer" } }));
      } else res.destroy();
    });
    req.on("aborted", () => upstream.destroy());
    req.pipe(upstream);
  };
}
