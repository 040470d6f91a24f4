import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, startServe } from "./runCli.js";
import { T1, TENANT_ACCESS, TENANT_DATA, TENANT_TABLE } from "./scopeChecks.js";

// serve --allow-origin (issue 36 §2): a page on another origin (Vite's dev server, say) may call it.
const dir = mkdtempSync(join(tmpdir(), "itemfilter-cors-"));
writeFileSync(join(dir, "tenants.json"), JSON.stringify(TENANT_DATA));
writeFileSync(join(dir, "access.json"), JSON.stringify(TENANT_ACCESS));

const VITE = "http://localhost:5173";
const OTHER = "http://127.0.0.1:4173";

/** A request as a page on `origin` sends it (Node's fetch lets a test set Origin); the CORS headers of the answer. */
async function fromPage(url: string, origin: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(`${url}/listItems`, {
    method: init.method ?? "POST",
    headers: { Origin: origin, ...(init.method === "OPTIONS" ? {} : { "Content-Type": "application/json; charset=UTF-8" }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = await res.text();
  return { status: res.status, allowOrigin: res.headers.get("access-control-allow-origin"), allowMethods: res.headers.get("access-control-allow-methods"), body };
}

describe("serve --allow-origin", () => {
  it("answers the preflights and POSTs of each origin given, refuses other origins (403), and works with --access", async () => {
    const serving = await startServe(["serve", "--data", "tenants.json", "--port", "0", "--access", "access.json", "--allow-origin", VITE, "--allow-origin", OTHER], { cwd: dir });
    try {
      const preflight = { method: "OPTIONS", headers: { "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" } };
      for (const origin of [VITE, OTHER]) expect(await fromPage(serving.url, origin, preflight)).toEqual({ status: 204, allowOrigin: origin, allowMethods: "POST", body: "" });
      // The access file's scope still holds for a page: shop-t1 reads t1's orders only.
      const read = await fromPage(serving.url, VITE, { body: { ...T1, table: TENANT_TABLE } });
      expect(read).toMatchObject({ status: 200, allowOrigin: VITE });
      const items = (JSON.parse(read.body) as { data: { items: { tenant: string }[] } }).data.items;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => item.tenant === "t1")).toBe(true);
      // Its refusals reach the page too.
      expect(await fromPage(serving.url, OTHER, { body: { ...T1, authenticationToken: "wrong", table: TENANT_TABLE } })).toMatchObject({ status: 401, allowOrigin: OTHER });
      const refused = await fromPage(serving.url, "http://evil.example", { body: { ...T1, table: TENANT_TABLE } });
      expect(refused).toEqual({
        status: 403,
        allowOrigin: null,
        allowMethods: null,
        body: JSON.stringify({
          error: { code: 403, message: `the Origin "http://evil.example" is not allowed (allowedOrigins: ${VITE}, ${OTHER}); to let that page call this server, add its origin (itemfilter serve --allow-origin ORIGIN)` },
        }),
      });
    } finally {
      const run = await serving.stop();
      expect(run.code).toBe(0);
      expect(run.stderr).toContain(`\nPages on ${VITE}, ${OTHER} may call it from the browser (CORS); requests from other pages' origins are refused (403).\n`);
    }
  });

  it("without it, sends no CORS headers: OPTIONS is a 405, and a page's Origin is not looked at", async () => {
    const serving = await startServe(["serve", "--port", "0"], { cwd: dir });
    try {
      expect(await fromPage(serving.url, VITE, { method: "OPTIONS", headers: { "Access-Control-Request-Method": "POST" } })).toMatchObject({ status: 405, allowOrigin: null });
      expect(await fromPage(serving.url, VITE, { body: { applicationKey: "demo-app", authenticationToken: "demo-token", table: "users" } })).toMatchObject({ status: 200, allowOrigin: null });
    } finally {
      expect((await serving.stop()).stderr).not.toContain("CORS");
    }
  });

  it.each<[string, string[], string]>([
    [
      "*",
      ["--allow-origin", "*"],
      `--allow-origin "*" is refused: every request carries an application key and token (the demo ones are public), so any web page could read this server; list each page's origin, such as "http://localhost:5173"`,
    ],
    ["a wildcard", ["--allow-origin", VITE, "--allow-origin", "https://*.example.com"], `--allow-origin "https://*.example.com" is refused: origins are listed one by one, with no wildcard; list each page's origin, such as "http://localhost:5173"`],
    [
      "a path",
      ["--allow-origin", "http://localhost:5173/app"],
      `--allow-origin "http://localhost:5173/app" is not an origin as a browser sends it (scheme://host[:port]: no path, query or wildcard, lower case, no default port): write "http://localhost:5173"`,
    ],
    ["no scheme", ["--allow-origin", "localhost"], `--allow-origin "localhost" is not an origin: write scheme://host[:port], such as "http://localhost:5173"`],
    ["no value", ["--allow-origin"], "--allow-origin needs a value"],
  ])("refuses %s (exit 2), saying why, before reading anything", async (_, args, message) => {
    // The access file named does not exist: the origin is checked first.
    const run = await runCli(["serve", "--port", "0", "--access", "missing.json", ...args], { cwd: dir });
    expect(run).toEqual({ code: 2, stdout: "", stderr: `itemfilter: ${message}\n` });
  });
});
