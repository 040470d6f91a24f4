import { defineConfig } from "vitest/config";

// Tests import workspace packages through the "@itemfilter/source" export
// condition, so they always run against src/ and never against a stale dist/.
// The rest is Vite's default server condition list (which vitest/config does not re-export) less
// "module": it picks bundler-only builds (the AWS SDK's dist-es, with extensionless imports) that Node cannot load.
const conditions = ["@itemfilter/source", "node", "development|production"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    pool: "forks",
    // Vitest's default is one worker per core less one: a single worker on the 2-core
    // machines CI runs on. Most test files wait on child processes (the CLI, Chromium,
    // DynamoDB Local), so two at a time keep the whole run well inside its 5 minutes.
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
