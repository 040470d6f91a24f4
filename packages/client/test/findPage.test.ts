import { describe, expect, it } from "vitest";
import { ClientError, createClient, MAX_CURSOR_LENGTH } from "../src/index.js";
import { fakeFetch, ok } from "./fakeFetch.js";

const connect = (steps: Parameters<typeof fakeFetch>[0]) => {
  const fake = fakeFetch(steps);
  return { fake, client: createClient({ baseUrl: "http://service.test/v1", applicationKey: "app-key-0123456789", authenticationToken: "token-0123456789", fetch: fake.fetch, maxAttempts: 1 }) };
};

describe("findPage cursors", () => {
  it("carry the service's stopKey back as the startKey of the page they resume", async () => {
    const { fake, client } = connect([ok([{ id: 1 }, { id: 2 }], { primary: 2 }), ok([{ id: 3 }]), ok([{ id: 3 }])]);
    const first = await client.findPage({ table: "t", filter: "id > 0", limit: 2 });
    expect(first.items).toEqual([{ id: 1 }, { id: 2 }]);
    // The third item is on the second service page: the cursor points there, at its first item.
    const second = await client.findPage({ table: "t", filter: "id > 0", limit: 2, cursor: first.cursor! });
    expect(second).toEqual({ items: [{ id: 3 }] });
    const bodies = fake.calls.map((c) => JSON.parse(c.init.body) as { startKey?: unknown });
    expect(bodies.map((b) => b.startKey ?? null)).toEqual([null, { primary: 2 }, { primary: 2 }]);
  });

  it("refuse a stopKey too large to carry within the bound (E_PROTOCOL), rather than write a longer cursor", async () => {
    const { client } = connect([ok([{ id: 1 }], { primary: "k".repeat(MAX_CURSOR_LENGTH) }), ok([{ id: 2 }])]);
    const error = await client.findPage({ table: "t", filter: "id > 0", limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect((error as ClientError).code).toBe("E_PROTOCOL");
  });

  it("are not written for a last page, even when the service says more may follow", async () => {
    const { client } = connect([ok([{ id: 1 }], { primary: 1 }), ok([])]);
    expect(await client.findPage({ table: "t", filter: "id > 0", limit: 1 })).toEqual({ items: [{ id: 1 }] });
  });
});
