// node regen.mjs file.json [write]: replans every plan case and shows (or writes) what changed.
import { readFileSync, writeFileSync } from "node:fs";
import { planDynamo } from "@itemfilter/dynamodb";
const [file, write] = process.argv.slice(2);
const data = JSON.parse(readFileSync(file, "utf8"));
for (const c of data.cases) {
  if (c.mode !== "plan" || c.error !== undefined) continue;
  let out;
  try { out = planDynamo(c.input, c.options); } catch (e) { out = { THROWS: e.code ?? e.message }; }
  const now = JSON.parse(JSON.stringify(out));
  if (JSON.stringify(now) !== JSON.stringify(c.output)) {
    console.log("CHANGED:", c.input, "\n  was:", JSON.stringify(c.output), "\n  now:", JSON.stringify(now));
    c.output = now;
  }
}
if (write === "write") writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
