import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulator, type Emulator } from "../src/index.js";

const CREDS = { applicationKey: "app-key-1", authenticationToken: "token-1" };
const JSON_TYPE = "application/json; charset=UTF-8";
const tables = {
  people: { primaryKey: "id", items: [{ id: "a", age: 3 }, { id: "b", age: 5 }, { id: "c", age: 9 }] },
  events: { primaryKey: "p", secondaryKey: "ts", items: [{ p: 1, ts: 2 }, { p: 1, ts: 3 }] },
};
const body = (members: Record<string, unknown>): string => JSON.stringify({ ...CREDS, ...members });

describe("emulator.fetch answers exactly as the server does, without a socket", () => {
  let emulator: Emulator;
  let base: string;
  beforeAll(async () => {
    emulator = createEmulator({ tables, credentials: [CREDS], pageSize: 2, maxBodyBytes: 500 });
    base = await emulator.start();
  });
  afterAll(() => emulator.stop());

  it.each<[string, string, string, Record<string, string>, string | undefined]>([
    ["a page", "/listItems", "POST", { "Content-Type": JSON_TYPE }, body({ table: "people", filter: [{ item: "age", operator: "greaterThan", value: 1 }] })],
    ["the next page", "/listItems", "POST", { "content-type": "application/json" }, body({ table: "people", startKey: { primary: "b" } })],
    ["a query", "/queryItems", "POST", { "Content-Type": JSON_TYPE }, body({ table: "events", key: { primary: 1 }, filter: { operator: "greaterThan", value: 2 } })],
    ["another method", "/listItems", "PUT", { "Content-Type": JSON_TYPE }, body({ table: "people" })],
    ["another content type", "/listItems", "POST", { "Content-Type": "text/plain" }, body({ table: "people" })],
    ["a body over maxBodyBytes", "/listItems", "POST", { "Content-Type": JSON_TYPE }, body({ table: "people", pad: "x".repeat(600) })],
    ["unknown credentials", "/listItems", "POST", { "Content-Type": JSON_TYPE }, JSON.stringify({ applicationKey: "x", authenticationToken: "y", table: "people" })],
    ["an unknown table", "/listItems", "POST", { "Content-Type": JSON_TYPE }, body({ table: "nope" })],
    ["an unknown path", "/deleteItems", "POST", { "Content-Type": JSON_TYPE }, body({ table: "people" })],
    ["a bad filter", "/listItems", "POST", { "Content-Type": JSON_TYPE }, body({ table: "people", filter: [{ item: "age", operator: "in", value: [1, "a"] }] })],
    ["broken JSON", "/listItems", "POST", { "Content-Type": JSON_TYPE }, '{"table": '],
  ])("%s", async (_, path, method, headers, payload) => {
    const overHttp = await fetch(`${base}${path}`, { method, headers: { ...headers, Host: "127.0.0.1" }, body: payload });
    const inProcess = await emulator.fetch(`http://anything.invalid${path}`, { method, headers, body: payload });
    expect({ status: inProcess.status, type: inProcess.headers.get("Content-Type"), allow: inProcess.headers.get("allow"), body: await inProcess.text() }).toEqual({
      status: overHttp.status,
      type: overHttp.headers.get("Content-Type"),
      allow: overHttp.headers.get("allow"),
      body: await overHttp.text(),
    });
  });

  it("applies the test hooks too, and stops at the caller's signal while holding an answer back", async () => {
    const hooked = createEmulator({ tables, credentials: [CREDS], hooks: { failures: { count: 1, status: 503, retryAfter: 2 }, latencyMs: 5000 } });
    const controller = new AbortController();
    const pending = hooked.fetch("/listItems", { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: body({ table: "people" }), signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await hooked.stop();
    const quick = createEmulator({ tables, credentials: [CREDS], hooks: { failures: { count: 1, status: 503, retryAfter: 2 } } });
    const failed = await quick.fetch("/listItems", { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: body({ table: "people" }) });
    expect([failed.status, failed.headers.get("Retry-After"), await failed.text()]).toEqual([503, "2", '{"error":{"code":503,"message":"injected failure (test hook)"}}']);
    expect(quick.requestCount).toBe(1);
  });
});
