import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createClient, ServiceError } from "../src/index.js";
import { fakeFetch } from "./fakeFetch.js";

describe("a client with one-character credentials", () => {
  const refusal = { status: 404, body: JSON.stringify({ error: { code: 404, message: 'there is no table "nope"; the token t is not known' } }) };

  it("keeps the service's message readable and masks the token where it stands whole", async () => {
    const fake = fakeFetch([refusal]);
    const client = createClient({ baseUrl: "http://service.test/v1", applicationKey: "k", authenticationToken: "t", fetch: fake.fetch, maxAttempts: 1 });
    const error = (await client.listItems({ table: "nope" }).catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.serviceMessage).toBe('there is no table "nope"; the token [REDACTED] is not known');
    expect(error.message).toContain('there is no table "nope"');
  });

  it("shows a built request with the credentials hidden and the rest intact", () => {
    const client = createClient({ baseUrl: "http://service.test/v1", applicationKey: "k", authenticationToken: "t", fetch: fakeFetch([refusal]).fetch });
    const shown = inspect(client.buildRequest("listItems", { table: "tickets", filter: "status = 't'" }), { depth: 5 });
    expect(shown).toContain("'Content-Type': 'application/json; charset=UTF-8'");
    expect(shown).toContain('"table":"tickets"');
    expect(shown).toContain('"value":"[REDACTED]"');
    expect(shown).toContain('"authenticationToken":"[REDACTED]"');
  });
});
