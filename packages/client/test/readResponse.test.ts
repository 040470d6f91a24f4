import { describe, expect, it } from "vitest";
import { readResponse } from "../src/readResponse.js";
import { secretRedactor } from "../src/redact.js";

const context = { operation: "listItems" as const, attempts: 1, redact: secretRedactor(["SECRET-KEY", "SECRET-TOKEN"]) };
const read = (status: number, text: string) => {
  const result = readResponse({ status, retryAfter: null, text }, context);
  return result instanceof Error ? { error: result.name, code: (result as { code: string }).code, message: result.message } : result;
};

describe("readResponse", () => {
  it.each<[string, number, string, unknown]>([
    ["the service's shape", 200, '{"data":{"items":[{"a":1}],"stopKey":{"primary":"a"}}}', { items: [{ a: 1 }], stopKey: { primary: "a" } }],
    ["the service's shape, last page", 200, '{"data":{"items":[]}}', { items: [] }],
    ["a null stopKey as none", 200, '{"data":{"items":[],"stopKey":null}}', { items: [] }],
    ["a bare array", 200, '[{"a":1},{"b":2}]', { items: [{ a: 1 }, { b: 2 }] }],
    ["{items}", 200, '{"items":[{"a":1}],"stopKey":{"k":1}}', { items: [{ a: 1 }], stopKey: { k: 1 } }],
    ["any 2xx", 203, "[]", { items: [] }],
    ["the error shape", 401, '{"error":{"code":401,"message":"unknown applicationKey or authenticationToken"}}', { error: "ServiceError", code: "E_SERVICE", message: "listItems: the service refused the request (HTTP 401): unknown applicationKey or authenticationToken" }],
    ["a service code unlike the status", 400, '{"error":{"code":1007,"message":"bad\\nthing"}}', { error: "ServiceError", code: "E_SERVICE", message: "listItems: the service refused the request (HTTP 400 code 1007): bad thing" }],
    ["the error shape on a 200", 200, '{"error":{"code":5,"message":"no"}}', { error: "ServiceError", code: "E_SERVICE", message: "listItems: the service refused the request (HTTP 200 code 5): no" }],
    ["an echoed secret in a service message", 403, '{"error":{"message":"token SECRET-TOKEN expired"}}', { error: "ServiceError", code: "E_SERVICE", message: "listItems: the service refused the request (HTTP 403): token [REDACTED] expired" }],
    ["an HTML error page", 502, "<html>\n<h1>Bad Gateway</h1></html>", { error: "HttpError", code: "E_HTTP", message: 'listItems: HTTP 502 with a body that is not the service\'s error shape: "<html> <h1>Bad Gateway</h1></html>"' }],
    ["JSON that is not the error shape", 500, '{"oops":true}', { error: "HttpError", code: "E_HTTP", message: 'listItems: HTTP 500 with a body that is not the service\'s error shape: "{\\"oops\\":true}"' }],
    ["an echoed request", 400, '{"applicationKey":"SECRET-KEY","authenticationToken":"SECRET-TOKEN"}', { error: "HttpError", code: "E_HTTP", message: 'listItems: HTTP 400 with a body that is not the service\'s error shape: "{\\"applicationKey\\":\\"[REDACTED]\\",\\"authenticationToken\\":\\"[REDACTED]\\"}"' }],
    ["a 200 that is not JSON", 200, "<html>ok</html>", { error: "ProtocolError", code: "E_PROTOCOL", message: 'listItems: HTTP 200 with a body that is not JSON; the body starts "<html>ok</html>"' }],
    ["an empty 200", 200, "", { error: "ProtocolError", code: "E_PROTOCOL", message: "listItems: HTTP 200 with an empty body, not JSON" }],
    ["JSON of no known shape", 200, '{"results":[]}', { error: "ProtocolError", code: "E_PROTOCOL", message: 'listItems: the body is JSON but none of the shapes the client reads ({"data": {"items": [...], "stopKey"?: {...}}}, {"items": [...]} or a bare array of items); the body starts "{\\"results\\":[]}"' }],
    ["items that are not an array", 200, '{"data":{"items":{}}}', { error: "ProtocolError", code: "E_PROTOCOL", message: 'listItems: "items" is not an array (the client reads {"data": {"items": [...], "stopKey"?: {...}}}, {"items": [...]} or a bare array of items); the body starts "{\\"data\\":{\\"items\\":{}}}"' }],
    ["an item that is not an object", 200, "[{},3]", { error: "ProtocolError", code: "E_PROTOCOL", message: 'listItems: items[1] is not an object; the body starts "[{},3]"' }],
    ["a stopKey that is not an object", 200, '{"items":[],"stopKey":"abc"}', { error: "ProtocolError", code: "E_PROTOCOL", message: 'listItems: "stopKey" is not an object; the body starts "{\\"items\\":[],\\"stopKey\\":\\"abc\\"}"' }],
  ])("reads %s", (_, status, text, expected) => {
    expect(read(status, text)).toEqual(expected);
  });

  it("cuts a long body to 200 characters", () => {
    const result = read(503, "x".repeat(1000)) as { message: string };
    expect(result.message).toBe(`listItems: HTTP 503 with a body that is not the service's error shape: "${"x".repeat(199)}…"`);
  });
});
