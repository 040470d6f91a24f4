import { attributes, type FilterDocument } from "@itemfilter/core";
import { DynamoRunError } from "../run/dynamoRunError.js";
import type { DynamoKeys } from "./dynamoKeys.js";
import type { DynamoRequest } from "./planDynamo.js";
import { planOnTarget, type Target, type TargetSettings } from "./planTarget.js";

/**
 * allowScan: false. The person typing learns that the filter reads the whole
 * table; the developer, which global index would serve it: one keyed on an
 * attribute the filter pins on every branch (found by planning on such an
 * index, so the advice is exactly what the planner would use), and why the
 * table's own indexes did not.
 */
export function refuseScan(doc: FilterDocument, keys: DynamoKeys | undefined, settings: Omit<TargetSettings, "table"> | undefined, scan: DynamoRequest): DynamoRunError {
  const keyNames = new Set(keys === undefined ? [] : [keys.partition, ...(keys.sort === undefined ? [] : [keys.sort])]);
  const serving: string[] = [];
  if (doc.body !== null && keys !== undefined && settings !== undefined) {
    for (const name of new Set(attributes(doc))) {
      if (keyNames.has(name)) continue;
      const target: Target = { label: name, index: { name, kind: "global", partition: name, projection: "ALL" }, partition: name, types: {}, shape: { partitions: [name], sorts: [], partitionTypes: [undefined], sortTypes: [] } };
      if ("requests" in planOnTarget(doc.body, target, { ...settings, table: keys, consistentRead: false })) serving.push(name);
    }
  }
  const refused = (scan.refused ?? []).filter((r) => r.target !== "table").map((r) => `${r.target}: ${r.reason}`);
  const advice =
    serving.length > 0
      ? `a global index with the partition key ${serving.map((n) => `'${n}'`).join(" or ")} (projection ALL) would serve it`
      : keys === undefined
        ? "pass keys (describeTable gives them) so the planner can Query"
        : `pin '${keys.partition}' with = or in on every branch, or add a global index keyed on an attribute the filter pins that way`;
  return new DynamoRunError(
    "E_DYNAMO_SCAN",
    "this filter has to read the whole table; narrow it to what the table is keyed by",
    `allowScan is false and the plan is a Scan: ${advice}${refused.length > 0 ? `; indexes not usable: ${refused.join("; ")}` : ""}`,
    { params: { serving, refused } },
  );
}
