import * as core from "@itemfilter/core";
import { Query } from "mingo";
import sift from "sift";
import { TYPICAL } from "./inputs.mjs";
import { generateItems } from "./items.mjs";
import { runRounds } from "./measure.mjs";
import { toMongo } from "./mongoQuery.mjs";
import { ratioSummary } from "./stats.mjs";

export const ITEM_COUNT = 100_000;

function countWhere(items, test) {
  let n = 0;
  for (let i = 0; i < items.length; i++) if (test(items[i])) n++;
  return n;
}

function selected(items, test) {
  const out = [];
  for (let i = 0; i < items.length; i++) if (test(items[i])) out.push(i);
  return out.join(",");
}

/**
 * The evaluators, each a per-item test. sift and mingo compile their query
 * once, outside the timed loop, as apps do; `matches` is called per item
 * with the same filter array, its documented use (it prepares the filter
 * once and keeps it with the array).
 */
export function evaluators(filters) {
  const query = toMongo(filters);
  const siftTest = sift(query);
  const mingoQuery = new Query(query);
  const list = [];
  if (typeof core.matches === "function") list.push({ name: "core matches", test: (item) => core.matches(item, filters) });
  // The closure matches caches, without the per-call cache lookup; informative, not a target.
  if (typeof core.prepareFilter === "function") list.push({ name: "core prepareFilter closure", test: core.prepareFilter(filters) });
  list.push({ name: "sift", test: siftTest });
  list.push({ name: "mingo Query.test", test: (item) => mingoQuery.test(item) });
  return { query, list };
}

/** Hand-written test of the typical filter: what plain JavaScript does, for reference only. */
function handWritten(item) {
  return (
    typeof item.name === "string" && item.name.startsWith("ab") &&
    typeof item.score === "number" && item.score >= 3 &&
    (item.status === "a" || item.status === "b") &&
    typeof item.tags === "string" && !item.tags.includes("x") &&
    typeof item.age === "number" && item.age >= 18 && item.age <= 65
  );
}

export function benchEvaluation(settings) {
  const filters = core.compileList(TYPICAL);
  const items = generateItems(ITEM_COUNT);
  const { query, list } = evaluators(filters);
  const all = [...list, { name: "hand-written JS (reference)", test: handWritten }];
  // All evaluators must select exactly the same items, or the race is not fair.
  const expected = selected(items, all[0].test);
  for (const e of all) {
    if (selected(items, e.test) !== expected) throw new Error(`evaluation: ${e.name} selects different items than ${all[0].name}`);
  }
  const count = countWhere(items, all[0].test);
  const results = runRounds(
    all.map((e) => ({ name: e.name, run: () => countWhere(items, e.test) })),
    settings,
  );
  // One op is one pass over all items; report items per second.
  for (const r of results) {
    r.itemsPerSec = r.opsPerSec.map((x) => x * ITEM_COUNT);
  }
  const byName = Object.fromEntries(results.map((r) => [r.name, r]));
  const sift1 = byName["sift"].itemsPerSec;
  const mingo1 = byName["mingo Query.test"].itemsPerSec;
  const fastestPeer = sift1.map((x, i) => Math.max(x, mingo1[i]));
  const m = byName["core matches"];
  return {
    items: ITEM_COUNT,
    filters,
    query: JSON.parse(JSON.stringify(query, (_k, v) => (v instanceof RegExp ? String(v) : v))),
    selected: count,
    na: m === undefined ? "matches is not exported by @itemfilter/core (yet)" : null,
    results,
    ratioVsFastestPeer: m === undefined ? null : ratioSummary(m.itemsPerSec, fastestPeer),
    fastestPeerItemsPerSec: fastestPeer,
  };
}
