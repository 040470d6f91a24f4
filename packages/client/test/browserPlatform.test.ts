import fc from "fast-check";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDefaultFetch } from "../src/defaultFetch.browser.js";
import { digest as browserDigest } from "../src/digest.browser.js";
import { digest as nodeDigest } from "../src/digest.js";
import { utf8Length } from "../src/readBodyText.js";
import { createClient, RedirectError, type ByteStreamLike, ResponseTooLargeError, type FetchLike, type FetchResponseLike } from "../src/index.js";
import { propertyRuns } from "../../../test/support/propertyRuns.js";

// The browser build's own modules, run in Node against Node's answers.

const sha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("base64");

describe("the browser digest", () => {
  it("is SHA-256 in base64: the standard test vectors", () => {
    expect(browserDigest("")).toBe("47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
    expect(browserDigest("abc")).toBe("ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=");
    expect(browserDigest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE=");
  });

  it("gives Node's digest at every length around a block's edge", () => {
    for (let length = 0; length <= 200; length++) {
      const text = "x".repeat(length);
      expect(browserDigest(text), `length ${length}`).toBe(sha256(text));
    }
  });

  it("gives Node's digest for any text, in any script, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 100 }), fc.json()), (text) => {
        expect(browserDigest(text)).toBe(nodeDigest(text));
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it("gives Node's digest for a text of several MB", () => {
    const text = JSON.stringify({ id: "é".repeat(700_000), n: [1, 2, 3] });
    expect(browserDigest(text)).toBe(sha256(text));
  });
});

describe("counting a body's UTF-8 bytes", () => {
  it("agrees with Node's count for any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ unit: "grapheme", maxLength: 100 })), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, "utf8"));
      }),
      { numRuns: propertyRuns(500) },
    );
    expect(utf8Length("a\u00e9\u20ac\u{1f600}\ud800")).toBe(1 + 2 + 3 + 4 + 3);
  });
});

/** A web ReadableStream that is not async-iterable (as Safari's is not), counting the chunks it hands out. */
function readerOnlyStream(chunks: string[]): { body: ByteStreamLike; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(chunks[pulled++]));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body: { getReader: () => stream.getReader() as ReturnType<ByteStreamLike["getReader"]> }, pulled: () => pulled, cancelled: () => cancelled };
}

function answering(response: () => FetchResponseLike): FetchLike {
  return () => Promise.resolve(response());
}

const headers = { get: () => null };
const options = { baseUrl: "https://service.example", applicationKey: "app-key-1", authenticationToken: "token-1", maxAttempts: 1 };

describe("a browser's fetch response", () => {
  it("is read through getReader when its stream is not async-iterable", async () => {
    const page = JSON.stringify({ data: { items: [{ id: "ü1" }, { id: "u2" }] } });
    const stream = readerOnlyStream([page.slice(0, 7), page.slice(7, 20), page.slice(20)]);
    const client = createClient({ ...options, fetch: answering(() => ({ status: 200, headers, text: () => Promise.reject(new Error("text() must not be called")), body: stream.body })) });
    expect(await client.listItems({ table: "t" })).toEqual({ items: [{ id: "ü1" }, { id: "u2" }] });
    expect(stream.pulled()).toBe(3);
  });

  it("stops reading (and cancels the stream) past maxResponseBytes, read through getReader", async () => {
    const stream = readerOnlyStream(Array.from({ length: 1000 }, () => "x".repeat(100)));
    const client = createClient({ ...options, maxResponseBytes: 1000, fetch: answering(() => ({ status: 200, headers, text: () => Promise.reject(new Error("unused")), body: stream.body })) });
    await expect(client.listItems({ table: "t" })).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(stream.pulled()).toBeLessThan(20);
    expect(stream.cancelled()).toBe(true);
  });

  it("an opaque redirect (redirect: manual in a browser) is refused, not read", async () => {
    const client = createClient({ ...options, fetch: answering(() => ({ status: 0, type: "opaqueredirect", headers, text: () => Promise.resolve(JSON.stringify({ data: { items: [{ stolen: 1 }] } })) })) });
    const error = await client.listItems({ table: "t" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({
      code: "E_REDIRECT",
      status: 0,
      targetOrigin: undefined,
      message: "listItems: the service answered a redirect (the browser hides its status and target); the client does not follow redirects, since the credentials travel in the body: point baseUrl at the final address",
    });
  });
});

describe("the browser's default fetch", () => {
  it("calls globalThis.fetch, found at call time, with the client's init and globalThis as this", async () => {
    const original = globalThis.fetch;
    const seen: { self: unknown; url: unknown; init: RequestInit | undefined }[] = [];
    globalThis.fetch = function (this: unknown, url: unknown, init?: RequestInit) {
      seen.push({ self: this, url, init });
      return Promise.resolve(new Response(JSON.stringify({ data: { items: [{ id: 1 }] } }), { status: 200 }));
    } as typeof fetch;
    try {
      const { fetch, close } = createDefaultFetch();
      const client = createClient({ ...options, fetch });
      expect(await client.listItems({ table: "t", filter: "id = 1" })).toEqual({ items: [{ id: 1 }] });
      close();
      expect(seen).toHaveLength(1);
      expect(seen[0]!.self).toBe(globalThis);
      expect(seen[0]!.url).toBe("https://service.example/listItems");
      expect(seen[0]!.init).toMatchObject({ method: "POST", redirect: "manual", body: '{"applicationKey":"app-key-1","authenticationToken":"token-1","table":"t","filter":[{"item":"id","operator":"equals","value":1}]}' });
    } finally {
      globalThis.fetch = original;
    }
  });
});

describe("the sources a browser bundle takes", () => {
  it("name no Node module and no Node global outside the two Node modules (browser twins: #digest, #defaultFetch)", () => {
    const dir = new URL("../src/", import.meta.url);
    const offenders: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      if (file === "digest.ts" || file === "defaultFetch.ts") continue;
      const text = readFileSync(new URL(file, dir), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      for (const [pattern, what] of [
        [/from\s+["'](node:[^"']+|node-fetch)["']/, "imports a Node module"],
        [/import\(\s*["']node:/, "imports a Node module"],
        [/\bBuffer\b/, "uses Buffer"],
        [/\bprocess\./, "uses process"],
        [/from\s+["']\.\/(digest|defaultFetch)\.js["']/, "imports a Node module directly rather than through #digest or #defaultFetch"],
      ] as const) {
        if (pattern.test(text)) offenders.push(`${file} ${what}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
