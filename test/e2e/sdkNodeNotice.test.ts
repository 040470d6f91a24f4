import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

/**
 * Issue 44: the AWS SDK's NodeVersionSupportWarning (its releases from January 2027 need Node 22) is not
 * printed on a supported Node, and nothing of ours turns it off: a process that makes a DynamoDB client
 * prints it on Node 20 and never on Node 22 or 24 (the test command runs this file on each).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const major = Number(process.versions.node.split(".")[0]);

it(`a DynamoDB client made through @itemfilter/dynamodb's peer SDK ${major >= 22 ? "prints no" : "prints the SDK's"} Node version notice on Node ${major}`, () => {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && name !== "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED") env[name] = value;
  const script = 'import { DynamoDBClient } from "@aws-sdk/client-dynamodb"; new DynamoDBClient({ region: "us-east-1" }); console.log("made");';
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: join(root, "packages", "dynamodb"), env, encoding: "utf8" });
  expect(run.stdout).toBe("made\n");
  if (major >= 22) expect(run.stderr).toBe("");
  else expect(run.stderr).toContain(`NodeVersionSupportWarning: The AWS SDK for JavaScript (v3)\nversions published after the first week of January 2027\nwill require node >=22. You are running node ${process.version}.`);
});
