import { defineConfig } from "vitest/config";

// Tests import workspace packages through the "@itemfilter/source" export
// condition, so they always run against src/ and never against a stale dist/.
// The rest is Vite's default server condition list (which vitest/config does not re-export) less
// "module": it picks bundler-only builds (the AWS SDK's dist-es, with extensionless imports) that Node cannot load.
const conditions = ["@itemfilter/source", "node", "development|production"];

// On Node 20 (not supported: README "Requirements") the AWS SDK prints its NodeVersionSupportWarning in every
// process that makes a DynamoDB client. The tests compare stderr byte for byte, so there they turn that one
// notice off with the SDK's own switch; test/e2e/sdkNodeNotice.test.ts and packages/cli/test/dynamodb.test.ts
// run without it and check that the notice shows on Node 20 and never on 22 or 24.
const belowNode22 = Number(process.versions.node.split(".")[0]) < 22;

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts"],
    pool: "forks",
    // One DynamoDB Local for the run, started when a test file first asks (test/support/dynamoDbLocal.ts).
    globalSetup: ["test/support/dynamoDbLocalBroker.ts"],
    // Vitest's default is one worker per core less one: a single worker on the 2-core
    // machines CI runs on. Most test files wait on child processes (the CLI, Chromium,
    // DynamoDB Local), so two at a time keep the whole run well inside its 5 minutes.
    maxWorkers: 2,
    // A hang guard, not a speed check (no test's pass may depend on wall time): a test that spawns the CLI a
    // few times takes a second or two on a quiet machine and has taken over 30 s on a loaded 2-core one.
    // Tests that run many processes or DynamoDB Local set their own, from how many they run.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: belowNode22 ? { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" } : {},
  },
});
