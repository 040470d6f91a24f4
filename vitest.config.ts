import { defaultExclude, defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./test/support/slowFirstSequencer.js";

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

// Most test files run without isolation (isolate: false): the files one worker runs share its modules, so the
// sources, chevrotain's parser and the AWS SDK load once per worker, not once per file (that import was about
// half of the run's CPU). These files change module state or the environment for the whole process (module
// mocks, fake clocks, process.env) and keep a fresh worker each.
const ISOLATED = [
  "packages/cli/test/streamedData.test.ts",
  "packages/client/test/browserFetchFailure.test.ts",
  "packages/core/test/relativeDates.test.ts",
  "packages/emulator/test/readOnce.test.ts",
  "test/dynamodb/relativeDates.property.test.ts",
  "test/e2e/orderedPagesDates.test.ts",
  "test/property/relativeDates.test.ts",
  "packages/cli/test/dynamoFaults.test.ts",
  "packages/cli/test/dynamoOutput.test.ts",
  "packages/cli/test/dynamoTimeouts.test.ts",
  "packages/cli/test/dynamodb.test.ts",
  "packages/cli/test/examples.test.ts",
  "test/dynamodb/numbersExact.property.test.ts",
  "test/dynamodb/valueModel.test.ts",
  "test/e2e/sdkNodeNotice.test.ts",
];

// What a run of test/runTests.mjs leaves out (comma-separated globs): vitest's --exclude does not reach projects.
const runExcludes = (process.env.ITEMFILTER_TEST_EXCLUDE ?? "").split(",").filter((glob) => glob !== "");

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    pool: "forks",
    // One DynamoDB Local for the run, started when a test file first asks (test/support/dynamoDbLocal.ts).
    globalSetup: ["test/support/dynamoDbLocalBroker.ts"],
    // The longest files first, so that none starts late and runs alone at the end (test/support/slowFirstSequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Vitest's default is one worker per core less one: a single worker on the 2-core
    // machines CI runs on. Most test files wait on child processes (the CLI, Chromium,
    // DynamoDB Local), so two at a time; test/runTests.mjs runs the other Nodes' runs beside this one too.
    maxWorkers: 2,
    // A hang guard, not a speed check (no test's pass may depend on wall time): a test that spawns the CLI a
    // few times takes a second or two on a quiet machine and has taken over 30 s on a loaded 2-core one.
    // Tests that run many processes or DynamoDB Local set their own, from how many they run.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: belowNode22 ? { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" } : {},
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED, exclude: [...defaultExclude, ...runExcludes] } },
      {
        extends: true,
        test: { name: "shared", include: ["packages/*/test/**/*.test.ts", "test/**/*.test.ts"], exclude: [...defaultExclude, ...ISOLATED, ...runExcludes], isolate: false },
      },
    ],
  },
});
