import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";

/**
 * A proxy on 127.0.0.1 in front of DynamoDB Local that answers chosen calls
 * with DynamoDB's faults, so the retry policy meets them as it would on AWS:
 * throttling (400 with `x-amzn-ErrorType` and the JSON `__type`), a 500 or 503,
 * a connection cut before any answer, or no answer at all ("hang": the call is
 * held open until the client gives up or the proxy stops). Every other call is
 * forwarded as it came.
 */
export type Fault = "throttle" | 500 | 503 | "cut" | "hang";

export interface FaultRule {
  /** The operation, the part of X-Amz-Target after the dot: "BatchWriteItem", "Scan". */
  operation: string;
  fault: Fault;
  /** These calls of the operation (from 1) get the fault. */
  calls?: readonly number[];
  /** Every call of the operation from this one (from 1) gets the fault. */
  from?: number;
  /** Each call gets the fault with this probability, drawn from the seeded PRNG. */
  rate?: number;
}

export interface ThrottlingProxy {
  /** `http://127.0.0.1:PORT`, to give the client in place of DynamoDB Local's. */
  readonly endpoint: string;
  /** The rules in force; replace them at any time (counts go on). */
  rules: FaultRule[];
  /** Calls of the operation so far, faulted or not. */
  calls(operation: string): number;
  /** Calls of the operation answered with a fault. */
  faulted(operation: string): number;
  stop(): Promise<void>;
}

/** xorshift32: a small seeded PRNG, so a rate gives the same faults on every run. */
function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

const ERRORS = {
  throttle: { status: 400, type: "ProvisionedThroughputExceededException", message: "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API." },
  500: { status: 500, type: "InternalServerError", message: "Internal server error" },
  503: { status: 503, type: "ServiceUnavailable", message: "The service is currently unavailable or busy." },
} as const;

function answerFault(fault: Exclude<Fault, "cut" | "hang">, res: ServerResponse): void {
  const { status, type, message } = ERRORS[fault];
  const body = JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message });
  res.writeHead(status, { "content-type": "application/x-amz-json-1.0", "x-amzn-ErrorType": type, "x-amzn-RequestId": "throttling-proxy", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

function forward(upstream: URL, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on("error", () => res.destroy());
  out.end(body);
}

/** Starts the proxy on a free port of 127.0.0.1, forwarding to `upstream` (DynamoDB Local's endpoint). */
export async function startThrottlingProxy(upstream: string, options: { rules?: FaultRule[]; seed?: number } = {}): Promise<ThrottlingProxy> {
  const target = new URL(upstream);
  const random = prng(options.seed ?? 1);
  const seen = new Map<string, number>();
  const faulted = new Map<string, number>();
  let rules = options.rules ?? [];

  const faultFor = (operation: string, call: number): Fault | undefined => {
    for (const rule of rules) {
      if (rule.operation !== operation) continue;
      if (rule.calls?.includes(call) || (rule.from !== undefined && call >= rule.from) || (rule.rate !== undefined && random() < rule.rate)) return rule.fault;
    }
    return undefined;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const operation = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
      const call = (seen.get(operation) ?? 0) + 1;
      seen.set(operation, call);
      const fault = faultFor(operation, call);
      if (fault === undefined) return forward(target, req, Buffer.concat(chunks), res);
      faulted.set(operation, (faulted.get(operation) ?? 0) + 1);
      if (fault === "cut") return void req.socket.destroy();
      // Held: stop() closes it with the rest.
      if (fault === "hang") return;
      answerFault(fault, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    get rules() {
      return rules;
    },
    set rules(next: FaultRule[]) {
      rules = next;
    },
    calls: (operation) => seen.get(operation) ?? 0,
    faulted: (operation) => faulted.get(operation) ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
