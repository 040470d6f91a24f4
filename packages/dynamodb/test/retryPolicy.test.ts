import { describe, expect, it } from "vitest";
import { createBackoff, isRetryable, withRetry } from "../src/run.js";

const sdkError = (name: string, status: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
const systemError = (code: string) => Object.assign(new Error(code), { code });

describe("the retry policy", () => {
  it.each([
    ["ProvisionedThroughputExceededException", true, sdkError("ProvisionedThroughputExceededException", 400)],
    ["ThrottlingException", true, sdkError("ThrottlingException", 400)],
    ["RequestLimitExceeded", true, sdkError("RequestLimitExceeded", 400)],
    ["a 500", true, sdkError("InternalServerError", 500)],
    ["a 503", true, sdkError("ServiceUnavailable", 503)],
    ["a connection cut (ECONNRESET)", true, systemError("ECONNRESET")],
    ["a ValidationException", false, sdkError("ValidationException", 400)],
    ["refused credentials", false, sdkError("UnrecognizedClientException", 400)],
    ["nothing listening (ECONNREFUSED)", false, systemError("ECONNREFUSED")],
    ["a bug", false, new TypeError("x is undefined")],
  ])("%s: retried %s", (_name, expected, error) => {
    expect(isRetryable(error)).toBe(expected);
  });

  it("waits a random time below a bound that doubles from baseDelayMs up to maxDelayMs", async () => {
    const waits: number[] = [];
    const backoff = createBackoff({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5, sleep: async (ms) => void waits.push(ms) });
    for (let stalled = 1; stalled <= 6; stalled++) await backoff.wait(stalled);
    expect(waits).toEqual([50, 100, 200, 400, 500, 500]);
  });

  it("retries at most `retries` times in a row, then throws the last error as it came", async () => {
    const waits: number[] = [];
    let calls = 0;
    const throttled = sdkError("ProvisionedThroughputExceededException", 400);
    const backoff = createBackoff({ retries: 3, random: () => 0.99, sleep: async (ms) => void waits.push(ms) });
    await expect(withRetry(async () => (calls++, Promise.reject(throttled)), backoff)).rejects.toBe(throttled);
    expect({ calls, waits }).toEqual({ calls: 4, waits: [99, 198, 396] });
  });

  it("returns the first answer that comes, and does not retry what the same call would meet again", async () => {
    const backoff = createBackoff({ sleep: async () => {} });
    let calls = 0;
    await expect(withRetry(async () => (++calls < 3 ? Promise.reject(sdkError("ServiceUnavailable", 503)) : "page"), backoff)).resolves.toBe("page");
    expect(calls).toBe(3);
    const refused = sdkError("ValidationException", 400);
    calls = 0;
    await expect(withRetry(async () => (calls++, Promise.reject(refused)), backoff)).rejects.toBe(refused);
    expect(calls).toBe(1);
  });

  it("within a budget, an attempt the budget cut short that runs out leaves the error before it standing", async () => {
    // Throttled, then no answer: the second attempt has only what is left of the 200 ms budget (the policy's own
    // timeout is a minute), so its timeout says nothing of DynamoDB, which was throttling: a slow machine turned
    // such answers into "did not answer".
    const throttled = sdkError("ProvisionedThroughputExceededException", 400);
    const backoff = createBackoff({ timeoutMs: 60_000, sleep: async () => {} });
    let calls = 0;
    const call = (signal: AbortSignal): Promise<never> =>
      ++calls === 1 ? Promise.reject(throttled) : new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
    await expect(withRetry(call, backoff, undefined, { withinMs: 200 })).rejects.toBe(throttled);
    expect(calls).toBe(2);
    // With no answer at all, the timeout is the answer.
    calls = 1;
    await expect(withRetry(call, backoff, undefined, { withinMs: 50 })).rejects.toMatchObject({ name: "TimeoutError" });
  });

  it("stops waiting when the signal aborts", async () => {
    const controller = new AbortController();
    const backoff = createBackoff({ baseDelayMs: 60_000 });
    const run = withRetry(() => Promise.reject(sdkError("ThrottlingException", 400)), backoff, controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error("stopped"));
    await expect(run).rejects.toThrow("stopped");
  });

  it.each([
    [{ retries: -1 }, "retry.retries must be a whole number of at least 0, not -1"],
    [{ baseDelayMs: 1.5 }, "retry.baseDelayMs must be a whole number of at least 0, not 1.5"],
    [{ maxDelayMs: Number.NaN }, "retry.maxDelayMs must be a whole number of at least 0, not NaN"],
  ])("refuses %j", (options, message) => {
    expect(() => createBackoff(options)).toThrow(new RangeError(message));
  });
});
