import { createClient, type FetchLike } from "@itemfilter/client";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { matches } from "@itemfilter/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_KEY, BACKENDS, closeBackends, inListOrder, openBackend, startHarness, TOKEN, wire, type Backend, type Harness } from "./fixtures.js";

afterAll(closeBackends);

interface Captured {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback server that records the one request it gets and answers an empty page. */
async function capture(send: (baseUrl: string) => Promise<unknown>): Promise<Captured> {
  let captured: Captured | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      captured = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      res.writeHead(200, { "Content-Type": "application/json; charset=UTF-8" }).end('{"data":{"items":[]}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return captured!;
}

describe("what goes on the wire is what buildRequest shows and the service description asks for", () => {
  it.each([
    ["node-fetch", undefined],
    ["the platform's fetch", globalThis.fetch as unknown as FetchLike],
  ])("listItems and queryItems with %s", async (_, fetch) => {
    for (const [operation, params, members] of [
      ["listItems", { table: "people", filter: 'name beginsWith "ab"' }, ["applicationKey", "authenticationToken", "table", "filter"]],
      ["queryItems", { table: "events", filter: ">= 3" }, ["applicationKey", "authenticationToken", "table", "filter"]],
    ] as const) {
      let built: { url: string; body: string } | undefined;
      const got = await capture(async (baseUrl) => {
        const client = createClient({ baseUrl, applicationKey: APP_KEY, authenticationToken: TOKEN, ...(fetch === undefined ? {} : { fetch }) });
        built = client.buildRequest(operation, params);
        await (operation === "listItems" ? client.listItems(params) : client.queryItems(params));
        client.close();
      });
      // The description: POST {base_url}/<operation>, Content-Type exactly this, a JSON body with these members.
      expect(got.method).toBe("POST");
      expect(got.url).toBe(`/${operation}`);
      expect(got.headers["content-type"]).toBe("application/json; charset=UTF-8");
      expect(Object.keys(JSON.parse(got.body) as object)).toEqual(members);
      expect(JSON.parse(got.body)).toMatchObject({ applicationKey: APP_KEY, authenticationToken: TOKEN });
      // And byte for byte what buildRequest said it would send.
      expect(got.body).toBe(built!.body);
      expect(new URL(built!.url).pathname).toBe(got.url);
    }
  });
});

describe.each(BACKENDS)("the bytes buildRequest shows are what %s answers", (name) => {
  let b: Backend;
  let h: Harness;
  beforeAll(async () => {
    b = await openBackend(name);
    h = await startHarness({}, b);
  }, 120_000);
  afterAll(() => h?.close());

  it.each([
    ["listItems", { table: "people", filter: 'name beginsWith "ab" and score >= 3' }],
    ["queryItems", { table: "events", key: { primary: "d2" }, filter: ">= 3" }],
  ] as const)("%s, sent as raw bytes with the platform's fetch", async (operation, params) => {
    const client = h.client();
    const built = client.buildRequest(operation, params);
    const response = await fetch(built.url, { method: built.method, headers: built.headers, body: built.body });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    const { data } = (await response.json()) as { data: { items: Record<string, unknown>[]; stopKey?: unknown } };
    expect(data.stopKey).toBeUndefined();
    if (operation === "listItems") {
      const expected = b.people.filter((item) => matches(item, [{ item: "name", operator: "beginsWith", value: "ab" }, { item: "score", operator: "greaterEqual", value: 3 }]));
      expect(inListOrder(b, data.items)).toEqual(inListOrder(b, wire(expected)));
    } else {
      const expected = b.events.filter((e) => e.device === "d2" && typeof e.ts === "number" && e.ts >= 3).sort((x, y) => (x.ts as number) - (y.ts as number));
      expect(data.items).toEqual(wire(expected));
    }
  });
});
