import { defineConfig, defaultServerConditions } from "vitest/config";

// Tests import workspace packages through the "@itemfilter/source" export
// condition, so they always run against src/ and never against a stale dist/.
const conditions = ["@itemfilter/source", ...defaultServerConditions];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    pool: "forks",
    testTimeout: 30_000,
  },
});
