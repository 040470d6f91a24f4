import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, startServe, type CliRun } from "./runCli.js";
import { expectTenantScoped, sha256, T1, T2, TENANT_ACCESS, TENANT_DATA, TENANT_TABLE } from "./scopeChecks.js";

// serve --access (issue 31 §4): who may read which table, and which of its items.
const dir = mkdtempSync(join(tmpdir(), "itemfilter-access-"));
const write = (name: string, value: unknown): string => {
  writeFileSync(join(dir, name), typeof value === "string" ? value : JSON.stringify(value, null, 2));
  return name;
};
write("tenants.json", { tables: { ...TENANT_DATA.tables, products: { primaryKey: "sku", items: [{ sku: "p1" }] }, secrets: { primaryKey: "id", items: [{ id: "s1" }] } } });
write("access.json", TENANT_ACCESS);

const JSON_TYPE = "application/json; charset=UTF-8";
async function post(url: string, members: Record<string, unknown>): Promise<{ status: number; body: string }> {
  const res = await fetch(`${url}/listItems`, { method: "POST", headers: { "Content-Type": JSON_TYPE }, body: JSON.stringify(members) });
  return { status: res.status, body: await res.text() };
}

const hashed = { applicationKey: "k", authenticationTokenSha256: sha256("t") };
const refused = (stderr: string): CliRun => ({ code: 2, stdout: "", stderr: `itemfilter: ${stderr}\n` });

describe("serve --access FILE", () => {
  it("serves each key its tables, and within a scoped table only its scope, whatever the filter, key.primary or startKey say", async () => {
    const serving = await startServe(["serve", "--data", "tenants.json", "--port", "0", "--access", "access.json"], { cwd: dir });
    try {
      await expectTenantScoped(serving.url);
      // The plain token works as the hashed one does; t2 sees only t2's orders.
      const t2 = await post(serving.url, { ...T2, table: TENANT_TABLE });
      expect((JSON.parse(t2.body) as { data: { items: { tenant: string }[] } }).data.items.map((i) => i.tenant)).toEqual(["t2", "t2", "t2", "t2"]);
      // A wrong token is the usual 401, for a hashed and a plain one alike.
      for (const creds of [{ ...T1, authenticationToken: "token-t1" }, { ...T2, authenticationToken: sha256(T2.authenticationToken) }]) {
        expect(await post(serving.url, { ...creds, table: TENANT_TABLE })).toEqual({ status: 401, body: '{"error":{"code":401,"message":"unknown applicationKey or authenticationToken"}}' });
      }
      // A table the key does not list is a table that does not exist: same status, same body.
      for (const [creds, table] of [[T2, "products"], [T1, "secrets"]] as const) {
        const unlisted = await post(serving.url, { ...creds, table });
        expect(unlisted).toEqual({ status: 404, body: JSON.stringify({ error: { code: 404, message: `there is no table ${JSON.stringify(table)}` } }) });
      }
      expect((await post(serving.url, { ...T1, table: "products" })).status).toBe(200);
    } finally {
      const run = await serving.stop();
      expect(run.code).toBe(0);
      const lines = run.stderr.split("\n");
      expect(lines[0]).toBe(`Warning: the access file 'access.json' gives the token of credentials[1] in plain text (authenticationToken); store the SHA-256 instead, as authenticationTokenSha256 (printf %s "$TOKEN" | sha256sum).`);
      expect(lines).toContain("It accepts only the 2 credentials of the access file 'access.json', each on the tables it lists, within their scopes.");
      for (const secret of [T1.authenticationToken, T2.authenticationToken, sha256(T1.authenticationToken)]) expect(run.stderr + run.stdout).not.toContain(secret);
    }
  });

  it("warns of a listed table the data does not have", async () => {
    write("typo.json", { credentials: [{ ...hashed, tables: { ordrs: {}, products: {} } }] });
    const run = await (await startServe(["serve", "--data", "tenants.json", "--port", "0", "--access", "typo.json"], { cwd: dir })).stop();
    expect(run.stderr).toContain(`Warning: the access file 'typo.json' lists tables that are not served ("ordrs"); they are answered as missing.\n`);
  });

  const shape = (file: string, message: string): string => `cannot use the access file: E_FILE_SHAPE: ${file}: ${message}`;
  it.each<[string, unknown, string]>([
    ["not JSON", '{"credentials": [\n  {"applicationKey": "k", "authenticationToken": "sec' + 'ret-tok" ]}', "cannot use the access file: E_FILE_JSON: bad.json:2: not valid JSON (column 63)"],
    ["an array", [], shape("bad.json", 'the file must hold an object {"credentials": [...]}')],
    ["an unknown top member", { credentials: [hashed], tables: {} }, shape("bad.json", 'unknown member "tables"; the file holds only "credentials"')],
    ["no credentials", { credentials: [] }, shape("bad.json", '"credentials" must be a non-empty array of {applicationKey, authenticationTokenSha256, tables}')],
    ["an unknown credential member", { credentials: [{ ...hashed, table: { orders: {} } }] }, shape("bad.json", 'credentials[0] has an unknown member "table"; a credential takes applicationKey, authenticationToken, authenticationTokenSha256, tables')],
    ["a duplicate application key", { credentials: [hashed, { ...hashed, authenticationTokenSha256: sha256("u") }] }, shape("bad.json", "credentials[1].applicationKey is the same as credentials[0]'s; each application key is listed once")],
    [
      "a table given twice",
      '{"credentials": [{"applicationKey": "k", "authenticationTokenSha256": "' + sha256("t") + '", "tables": {"orders": {"scope": "tenant = \\"t1\\""}, "orders": {}}}]}',
      shape("bad.json", "credentials[0].tables.orders is given twice; JSON would keep only the last, so say it once"),
    ],
    ["an empty tables map", { credentials: [{ ...hashed, tables: {} }] }, shape("bad.json", "credentials[0].tables lists no table, so the credential could read nothing; list its tables, or leave out tables for every table")],
    ["an unknown table member", { credentials: [{ ...hashed, tables: { orders: { filter: "a = 1" } } }] }, shape("bad.json", 'credentials[0].tables.orders has an unknown member "filter"; a table takes only "scope"')],
    ["a scope that does not parse", { credentials: [{ ...hashed, tables: { "my orders": { scope: 'tenant = "t1' } } }] }, shape("bad.json", 'credentials[0].tables["my orders"].scope is not a filter: E_SYNTAX at 1:10: unterminated string: add the closing "')],
    ["a short hash", { credentials: [{ applicationKey: "k", authenticationTokenSha256: sha256("t").slice(1) }] }, shape("bad.json", "credentials[0].authenticationTokenSha256 must be 64 hexadecimal digits: the SHA-256 of the token's UTF-8 bytes")],
    ["no token", { credentials: [{ applicationKey: "k" }] }, shape("bad.json", "credentials[0] needs authenticationTokenSha256 (the SHA-256 of the token, in hex) or authenticationToken")],
  ])("refuses an access file with %s (exit 2), naming the file and the member", async (_what, content, message) => {
    write("bad.json", content);
    const run = await runCli(["serve", "--port", "0", "--access", "bad.json"], { cwd: dir });
    expect(run).toEqual(refused(message));
    expect(run.stderr).not.toContain("secret-tok");
  });

  it.each([
    [["--access", "missing.json"], "itemfilter: cannot read the access file 'missing.json': no such file\n"],
    [["--access", "access.json", "--app-key", "k"], "Arguments access and app-key are mutually exclusive\n"],
  ])("refuses %j (exit 2)", async (args, message) => {
    const run = await runCli(["serve", "--port", "0", ...args], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

describe("serve --dynamodb-endpoint without credentials of its own (issue 33 §2)", () => {
  it.each(["https://dynamodb.eu-west-1.amazonaws.com", "http://10.0.0.5:8000", "http://db.local:8000", "http://[::2]:8000"])("refuses %s before asking DynamoDB anything (exit 2)", async (endpoint) => {
    const run = await runCli(["serve", "--port", "0", "--dynamodb-endpoint", endpoint]);
    expect(run).toEqual(
      refused(
        "serve --dynamodb-endpoint on an address that is not loopback needs credentials of its own (--app-key with --token-file, or --access FILE): with the public demo ones it would serve every table the AWS credentials reach to anyone who can connect",
      ),
    );
  });
});
