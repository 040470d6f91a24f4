import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The compile-only entry pulls in nothing of the AWS SDK, nor Node's built-ins: it runs in a browser. */
describe("entries", () => {
  it("@itemfilter/dynamodb bundles without the AWS SDK or Node built-ins", async () => {
    const result = await build({
      stdin: { contents: 'export { compileDynamo, planDynamo } from "@itemfilter/dynamodb";', resolveDir: fileURLToPath(new URL("../", import.meta.url)), loader: "ts" },
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      metafile: true,
      logLevel: "silent",
      conditions: ["@itemfilter/source"],
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes("packages/dynamodb/src/compile/compileDynamo.ts"))).toBe(true);
    expect(inputs.filter((i) => /@aws-sdk|@smithy|node:/.test(i))).toEqual([]);
  });
});
