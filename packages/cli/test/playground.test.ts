import { request } from "node:http";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableInfo } from "../src/playground/tableInfo.js";
import { runCli, startServe, type ServeRun } from "./runCli.js";

// `itemfilter playground` in-process: the built page (packages/playground/dist,
// made by `pnpm install`), the table list and the emulator's operations on one port.

const CREDENTIALS = { applicationKey: "demo-app", authenticationToken: "demo-token" };

/** A raw GET or POST, so the Host header can be set to anything. */
function send(url: string, options: { method?: string; host?: string; body?: string; type?: string; rawPath?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        // rawPath goes out exactly as written (URL would resolve the dot segments first).
        path: options.rawPath ?? target.pathname + target.search,
        method: options.method ?? "GET",
        headers: {
          host: options.host ?? target.host,
          ...(options.body === undefined ? {} : { "content-type": options.type ?? "application/json; charset=UTF-8", "content-length": Buffer.byteLength(options.body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

let serving: ServeRun;
beforeAll(async () => {
  serving = await startServe(["playground", "--port", "0"]);
});
afterAll(async () => {
  await serving?.stop();
});

describe("itemfilter playground", () => {
  it("prints the page's URL on stdout and stops on the signal", async () => {
    expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const run = await startServe(["playground", "--port", "0"]);
    const done = await run.stop();
    expect(done.code).toBe(0);
    expect(done.stdout).toBe(`${run.url}\n`);
    expect(done.stderr).toContain(`The itemfilter playground is on ${run.url}`);
    expect(done.stderr).toContain("Stopped.\n");
  });

  it("serves the page with a strict CSP whose nonce is the one in the page", async () => {
    const answer = await send(serving.url);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    const csp = answer.headers["content-security-policy"] as string;
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1]!;
    expect(csp).toBe(
      `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(answer.body).toContain(`<meta name="itemfilter-csp-nonce" content="${nonce}" />`);
    // No inline script: every <script> has a src on this origin.
    const scripts = [...answer.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/ src="\/assets\/[^"]+\.js"/);
    expect(answer.body).not.toMatch(/<script\b[^>]*>[^<]+<\/script>/);
    // Each answer has its own nonce.
    expect((await send(serving.url)).headers["content-security-policy"]).not.toBe(csp);
  });

  it("serves the built assets with their content types", async () => {
    const page = (await send(serving.url)).body;
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)![1]!;
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(page)![1]!;
    const js = await send(new URL(script, serving.url).href);
    expect([js.status, js.headers["content-type"], js.headers["cache-control"]]).toEqual([200, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"]);
    const css = await send(new URL(style, serving.url).href);
    expect([css.status, css.headers["content-type"]]).toEqual([200, "text/css; charset=utf-8"]);
  });

  it("lists the tables with their keys and a schema inferred from the items", async () => {
    const answer = await send(new URL("/playground/tables", serving.url).href);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    const { tables, credentials } = JSON.parse(answer.body) as { tables: ReturnType<typeof tableInfo>[]; credentials: unknown };
    expect(credentials).toEqual(CREDENTIALS);
    expect(tables.map((t) => [t.name, t.primaryKey, t.secondaryKey ?? null])).toEqual([
      ["users", "id", null],
      ["orders", "customer", "orderedAt"],
      ["readings", "sensor", "ts"],
      ["products", "sku", null],
    ]);
    const users = tables[0]!;
    expect(users.count).toBe(30);
    expect(users.schema.attributes.age).toEqual({ type: "number" });
    expect(users.schema.attributes.plan).toEqual({ type: "string", values: ["free", "pro", "team"] });
    expect(users.schema.attributes.tags).toEqual({ type: "string", array: true });
  });

  it("answers listItems and queryItems as the emulator does, on the page's origin", async () => {
    const list = await send(new URL("/listItems", serving.url).href, {
      method: "POST",
      body: JSON.stringify({ ...CREDENTIALS, table: "users", filter: [{ item: "plan", operator: "equals", value: "pro" }] }),
    });
    expect(list.status).toBe(200);
    const ids = (JSON.parse(list.body) as { data: { items: { id: string }[] } }).data.items.map((i) => i.id);
    const demo = JSON.parse(readFileSync(new URL("../demo/demo.json", import.meta.url), "utf8")) as { tables: { users: { items: { id: string; plan: string }[] } } };
    expect(ids).toEqual(demo.tables.users.items.filter((u) => u.plan === "pro").map((u) => u.id));
    expect(ids.length).toBeGreaterThan(0);
    const query = await send(new URL("/queryItems", serving.url).href, {
      method: "POST",
      body: JSON.stringify({ ...CREDENTIALS, table: "orders", key: { primary: "u001" }, filter: { operator: "beginsWith", value: "2024-03" } }),
    });
    expect(query.status).toBe(200);
    const bad = await send(new URL("/listItems", serving.url).href, { method: "POST", body: JSON.stringify({ ...CREDENTIALS, authenticationToken: "nope", table: "users" }) });
    expect([bad.status, JSON.parse(bad.body)]).toEqual([401, { error: { code: 401, message: "unknown applicationKey or authenticationToken" } }]);
  });

  it.each([
    ["another Host (DNS rebinding)", "/", { host: "evil.example:80" }, 403],
    ["another Host for the operations", "/listItems", { host: "evil.example", method: "POST", body: "{}" }, 403],
    ["an unknown path", "/nope.js", {}, 404],
    ["a path out of the page's folder", "/../package.json", {}, 404],
    ["an encoded path out of it", "/assets/%2e%2e/%2e%2e/package.json", {}, 404],
    ["POST to the page", "/", { method: "POST", body: "{}" }, 405],
  ] as const)("refuses %s", async (_name, path, options, status) => {
    const answer = await send(serving.url, { ...options, rawPath: path });
    expect(answer.status).toBe(status);
  });

  it("has --help, and a bad --port is a usage error", async () => {
    const help = await runCli(["playground", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--open");
    expect(help.stdout).toContain("itemfilter playground --port 0 --open");
    const bad = await runCli(["playground", "--port", "70000"]);
    expect([bad.code, bad.stderr]).toEqual([2, "itemfilter: --port must be a whole number from 0 to 65535\n"]);
  });
});

describe("the page's table info", () => {
  it("offers the values of repetitive text attributes only", () => {
    const info = tableInfo("t", {
      primaryKey: "id",
      items: [
        { id: "a", status: "on", n: 1, name: "x" },
        { id: "b", status: "off", n: 2, name: "y" },
        { id: "c", status: "on", n: "3" },
      ],
    });
    expect(info).toEqual({
      name: "t",
      primaryKey: "id",
      count: 3,
      schema: { attributes: { id: { type: "string" }, status: { type: "string", values: ["off", "on"] }, n: {}, name: { type: "string" } } },
    });
  });
});
