import { num, range, times } from "./format.mjs";
import { median, ratioSummary } from "./stats.mjs";
import { scalingRatio } from "./scaling.mjs";

function row(id, figure, ours, reference, ratio, target, met) {
  return { id, figure, ours, reference, ratio: ratio?.median ?? null, ratioMin: ratio?.min ?? null, ratioMax: ratio?.max ?? null, target, met };
}

function compileRow(typical, name) {
  return typical.rows.find((r) => r.name === name);
}

/** The six targets of issue 6, each from ratios taken per round and then medianed. */
export function evaluateTargets({ compile, evaluation, scaling, coldStart, firstFilter, size, plan, planCost, dynamo, order, explain, dataFile }) {
  const typical = compile.typical;
  const core = compileRow(typical, "core compileList");
  const liqe = compileRow(typical, "liqe parse");
  const json = compileRow(typical, "JSON.parse (compiled output)");
  const fastest = compileRow(typical, typical.fastestPeer);
  const out = [];
  const ops = (r) => `${num(r.stats.median)} ops/s`;

  // Issue 26: 1a and 1b pool the per-round ratios of this process and of fresh ones (typicalProcesses.mjs).
  const pool = compile.typicalProcesses;
  const over = pool === undefined ? "" : `, ${pool.processes.length} processes × ${typical.rows[0].samples.length} rounds`;
  const vsFastest = pool?.vsFastestPeer ?? typical.vsFastestPeer;
  out.push(row("1a", `typical compileList ÷ fastest peer (${typical.fastestPeer}), throughput${over}`, ops(core), ops(fastest), vsFastest, "≥ 3×", vsFastest.median >= 3));
  const vsLiqe = pool?.vsLiqe ?? (liqe === undefined ? null : liqe.compileListSpeedup);
  out.push(row("1b", `typical compileList ÷ liqe parse, throughput${over}`, ops(core), liqe ? ops(liqe) : "n/a", vsLiqe, "≥ 120×", vsLiqe !== null && vsLiqe.median >= 120));
  // Time ratio: compileList's time over JSON.parse's, so its ops/s ratio inverted, per round.
  const vsJson = ratioSummary(json.samples, core.samples);
  out.push(row("2", "typical compileList time ÷ JSON.parse of its output", `${num(1e6 / core.stats.median)} µs`, `${num(1e6 / json.stats.median)} µs`, vsJson, "≤ 2×", vsJson.median <= 2));

  const big = scaling.multiples.includes(200) ? 200 : scaling.multiples[scaling.multiples.length - 1];
  const scale = scalingRatio(scaling, "compileList", big);
  const at = (family, k) => scaling.rows.find((r) => r.family === family && r.k === k);
  const jsonScale = scalingRatio(scaling, "JSON.parse", big);
  out.push(
    row(
      "3",
      `compileList ns/char at ${num(at("compileList", big).chars / 1e6)} MB ÷ at ${num(at("compileList", 1).chars / 1e3)} KB (JSON.parse: ${times(jsonScale.median)})`,
      `${num(at("compileList", big).nsPerChar.median)} ns/char`,
      `${num(at("compileList", 1).nsPerChar.median)} ns/char`,
      scale,
      "≤ 1.5×",
      scale.median <= 1.5,
    ),
  );

  if (evaluation.ratioVsFastestPeer === null) {
    out.push(row("4", "matches ÷ faster of sift and mingo, items/s", "n/a", "", null, "≥ 3×", false));
    out[out.length - 1].note = evaluation.na;
  } else {
    const m = evaluation.results.find((r) => r.name === "core matches");
    out.push(row("4", "matches ÷ faster of sift and mingo, items/s (100,000 items)", `${num(m.stats.median * evaluation.items)} items/s`, `${num(median(evaluation.fastestPeerItemsPerSec))} items/s`, evaluation.ratioVsFastestPeer, "≥ 3×", evaluation.ratioVsFastestPeer.median >= 3));
  }

  if (coldStart.na !== null) {
    out.push({ ...row("5", "CLI cold start ÷ `node -e 0`", "n/a", "", null, "≤ 2.5×", false), note: coldStart.na });
  } else {
    out.push(row("5", `CLI cold start ÷ \`node -e 0\` (median of ${coldStart.runs} runs each)`, `${num(coldStart.cliMs.median)} ms`, `${num(coldStart.nodeMs.median)} ms`, coldStart.ratio, "≤ 2.5×", coldStart.ratio.median <= 2.5));
  }

  const exact = (x) => ({ median: x, min: x, max: x });
  if (size.na !== null) {
    out.push({ ...row("6a", "app importing the whole core ÷ chevrotain's own bundle, minified + gzip -9", "n/a", "", null, "≤ 1.75×", false), note: size.na });
    out.push({ ...row("6b", "app importing compileList, compileQuery, formatDiagnostics ÷ chevrotain's own bundle", "n/a", "", null, "≤ 1.25×", false), note: size.na });
  } else {
    const chevrotain = `${num(size.chevrotain.gzip)} B (chevrotain ${size.chevrotain.version})`;
    out.push(row("6a", "app importing the whole core ÷ chevrotain's own bundle, minified + gzip -9", `${num(size.core.gzip)} B`, chevrotain, exact(size.ratio), "≤ 1.75×", size.ratio <= 1.75));
    out.push(row("6b", "app importing compileList, compileQuery, formatDiagnostics ÷ chevrotain's own bundle", `${num(size.compileOnly.gzip)} B`, chevrotain, exact(size.compileOnlyRatio), "≤ 1.25×", size.compileOnlyRatio <= 1.25));
    if (size.matchesOnly !== undefined) {
      // An absolute target: the larger of the two bundlers' gzip bytes against 8 KB, and no warning from either.
      const { esbuild, vite } = size.matchesOnly;
      const largest = Math.max(esbuild.gzip, vite.gzip);
      const quiet = vite.warnings.length === 0;
      out.push(
        row("6c", `app importing only \`matches\`, minified + gzip -9: esbuild ${num(esbuild.gzip)} B, ${vite.bundler} ${num(vite.gzip)} B${quiet ? "" : `; ${vite.warnings.length} warning(s)`} ÷ 8 KB`, `${num(largest)} B`, "8,192 B", exact(largest / 8192), "≤ 1× (8 KB), no warning", largest <= 8192 && quiet),
      );
    }
  }

  const first = (name) => firstFilter.rows.find((r) => r.name === name);
  const core7 = first("core");
  const liqe7 = first("liqe");
  out.push(
    row(
      "7",
      `time to first filter: fresh \`node\` importing from node_modules + one typical call, core ÷ liqe (${firstFilter.runs} rounds)`,
      `${num(core7.wallMs.median)} ms`,
      `${num(liqe7.wallMs.median)} ms`,
      liqe7.coreRatio,
      "≤ 1.5×",
      liqe7.coreRatio.median <= 1.5,
    ),
  );

  if (plan === undefined || plan.na !== null) {
    const note = plan?.na ?? "not run";
    out.push({ ...row("8a", "plan of an `or` ÷ one unfiltered scan evaluated locally (issue 11)", "n/a", "", null, "> 1×", false), note });
    out.push({ ...row("8b", "partition query ÷ full scan of the same filter (issue 11)", "n/a", "", null, "≥ 10×", false), note });
  } else {
    const ms = (s) => `${num(s.median)} ms`;
    out.push(row("8a", `plan of \`${plan.or.filter}\` (${plan.or.plan.length} listItems) vs one unfiltered scan evaluated locally, speed (issue 11)`, ms(plan.or.planMs), ms(plan.or.scanMs), plan.or.speedup, "> 1×", plan.or.speedup.median > 1));
    out.push(row("8b", `partition query for \`${plan.partition.filter}\` vs a full scan of the same filter, speed (issue 11)`, ms(plan.partition.planMs), ms(plan.partition.scanMs), plan.partition.speedup, "≥ 10×", plan.partition.speedup.median >= 10));
  }
  if (planCost !== undefined) {
    const worst = planCost.find((r) => r.worst);
    out.push(row("9", `plan ÷ compileList CPU time, same text: ${worst.name} (${worst.outcome}; the typical filter and 256 conjuncts in their own table) (issue 17)`, `${num(worst.planMs.median, 3)} ms`, `${num(worst.compileMs.median, 3)} ms`, worst.ratio, "≤ 20×", worst.ratio.median <= 20));
  }
  if (explain !== undefined) {
    const [ev, ex] = explain.rows;
    const us = (r) => `${num(1e6 / r.stats.median)} µs`;
    out.push(row("10", "explainMatch ÷ evaluate of the typical filter on an item it matches, both from text, time (issue 25)", us(ex), us(ev), explain.ratio, "≤ 2×", explain.ratio.median <= 2));
  }
  if (dynamo === undefined || dynamo.na !== null) {
    const note = dynamo?.na ?? "not run";
    out.push({ ...row("11a", "findAll ÷ a hand-written ScanCommand loop, time, on DynamoDB Local (issue 22)", "n/a", "", null, "≤ 1.1×", false), note });
    out.push({ ...row("11b", "Query plan vs a Scan for a partition-key filter, speed, on DynamoDB Local (issue 22)", "n/a", "", null, "> 1×", false), note });
  } else {
    const ms = (s) => `${num(s.median)} ms`;
    out.push(row("11a", `findAll ÷ a hand-written ScanCommand loop with the same expression, ${num(dynamo.items)} items on DynamoDB Local, time (issue 22)`, ms(dynamo.overhead.findAllMs), ms(dynamo.overhead.scanMs), dynamo.overhead.ratio, "≤ 1.1×", dynamo.overhead.ratio.median <= 1.1));
    out.push(row("11b", `Query plan for \`${dynamo.partition.filter}\` vs a Scan of the same filter on DynamoDB Local, speed (issue 22)`, ms(dynamo.partition.queryMs), ms(dynamo.partition.scanMs), dynamo.partition.speedup, "> 1×", dynamo.partition.speedup.median > 1));
    const scale = dynamo.scale;
    if (scale !== undefined) {
      const { index, segments, firstPage } = scale;
      const read = `items read ${num(index.scannedQuery)} vs ${num(index.scannedScan)} (${num(index.readRatio)}× fewer)`;
      out.push({ ...row("11c", `Query on the global index ${index.read} for \`${index.filter}\` vs a Scan, ${num(scale.items)} items on DynamoDB Local, speed (issue 35)`, ms(index.queryMs), ms(index.scanMs), index.speedup, "> 1×", index.speedup.median > 1 && index.readRatio > 1), note: read });
      out.push(row("11d", `a Scan of \`${segments.filter}\` in 4 segments ÷ in 1, ${num(scale.items)} items on DynamoDB Local, time (issue 35)`, ms(segments.fourMs), ms(segments.oneMs), segments.ratio, "≤ 1×", segments.ratio.median <= 1));
      out.push(row("11e", `findPage's first page of 100 ÷ findAll's first 100 items, \`${firstPage.filter}\`, time (issue 35)`, ms(firstPage.findPageMs), ms(firstPage.findAllMs), firstPage.ratio, "≤ 1.5×", firstPage.ratio.median <= 1.5));
    }
    const shapes = dynamo.shapes;
    if (shapes !== undefined) {
      // Counts, not times: the same in every round and on any machine.
      const count = (x) => ({ median: x, min: x, max: x });
      const { sharedSortKey: shared, keysOnly } = shapes;
      const versus = (f) => `a Scan reads ${num(f.scanItemsRead)} (${num(f.scanReadPerReturned)}× what it returns), ${ms(f.scanMs)} vs ${ms(f.indexMs)}`;
      out.push({ ...row("11f", `items read ÷ items returned, \`${shared.filter}\` with no keys (${shared.plan}: a GSI on the table's sort key), ${num(shapes.items)} items on DynamoDB Local (issue 41)`, num(shared.itemsRead), num(shared.returned), count(shared.readPerReturned), "≤ 1.05×", shared.readPerReturned <= 1.05), note: versus(shared) });
      out.push({ ...row("11g", `read capacity ÷ one read per item returned, \`${keysOnly.filter}\` (${keysOnly.plan}: KEYS_ONLY, fetched by key), ${num(shapes.items)} items on DynamoDB Local (issue 41)`, `${num(keysOnly.consumed)} RCU`, `${num(keysOnly.returned / 2)} RCU`, keysOnly.consumed > 0 ? count(keysOnly.consumedPerReturned * 2) : null, "≤ 1.2×", keysOnly.consumed > 0 && keysOnly.consumedPerReturned * 2 <= 1.2), note: `items read (index items and fetched items) ${num(keysOnly.itemsRead)} for ${num(keysOnly.returned)} returned, ${num(keysOnly.readPerReturned)}×; ${versus(keysOnly)}` });
    }
  }
  if (order !== undefined) out.push(...orderRows(order));
  if (dataFile !== undefined) out.push(...dataFileRows(dataFile));
  return out;
}

/** Figure 13 (issue 42): a sorted, counted page on DynamoDB Local, in items read (counts, not times). */
function orderRows(order) {
  if (order.na !== null) return [{ ...row("13a", "first page of 20 in order on DynamoDB Local, items read (issue 42)", "n/a", "", null, "≤ 100 items", false), note: order.na }];
  const items = `${num(order.items)} items, \`status = "open"\` by \`createdAt desc\``;
  return [
    { ...row("13a", `findPage's first page of 20, ${items}, items read (issue 42)`, `${order.firstPage.itemsRead} items`, "", null, "≤ 100 items", order.firstPage.met && order.pagesExact), note: `plan: ${order.plan.join(", ")}` },
    { ...row("13b", "findPage's page 2 from page 1's cursor, items read (issue 42)", `${order.secondPage.itemsRead} items`, "", null, "≤ 100 items, page 1 not read again", order.secondPage.met && !order.secondPage.rereadPage1 && order.pagesExact) },
    {
      ...row("13c", `count (Select COUNT) vs counting findAll's items, ${items.split(",")[0]}, time (issue 42)`, `${num(order.count.ms)} ms`, `${num(order.findAllCount.ms)} ms`, null, "equal answers", order.countsAgree),
      note: `items shipped ${num(order.count.itemsShipped)} vs ${num(order.findAllCount.itemsShipped)}; items read ${num(order.count.itemsRead)} vs ${num(order.findAllCount.itemsRead)}`,
    },
  ];
}

/**
 * Figure 12 (issue 26 §3): the CLI over an NDJSON data file ÷ a plain Node
 * script, time; and how its peak RSS grows from 250,000 to 1,000,000 items
 * against how the script's grows (V8 sizes its heap to the garbage rate, so
 * even the script's grows about 1.4×; a load of the whole file grew 2.8×).
 */
function dataFileRows(d) {
  const mb = (bytes) => `${num(bytes / 2 ** 20)} MB`;
  if (d.na !== null) {
    return [
      { ...row("12a", "`list --data FILE` ÷ a plain Node script, time (issue 26)", "n/a", "", null, "≤ 1.2×", false), note: d.na },
      { ...row("12b", "`list --data FILE` peak RSS growth at 4× the items ÷ the script's (issue 26)", "n/a", "", null, "≤ 1.2×", false), note: d.na },
      { ...row("12c", "`list --data FILE` not in key order ÷ a plain Node script, time (issue 44)", "n/a", "", null, "≤ 1.2×", false), note: d.na },
    ];
  }
  // The worse of the two files: a file not in key order also holds its keys' hashes (8 bytes a line).
  const growth = Math.max(d.rss.cli.big / d.rss.cli.small, d.rss.shuffled.big / d.rss.shuffled.small);
  const plainGrowth = d.rss.plain.big / d.rss.plain.small;
  const exact = (x) => ({ median: x, min: x, max: x });
  return [
    row("12a", `\`list --data FILE\` over ${num(d.items)} NDJSON items (${mb(d.bytes)}) in key order ÷ readline + JSON.parse script, time (issue 26)`, `${num(d.cliMs.median)} ms`, `${num(d.plainMs.median)} ms`, d.ratio, "≤ 1.2×", d.ratio.median <= 1.2),
    row("12c", `\`list --data FILE\` over the same items not in key order ÷ the script, time (issue 44: read once whatever the order)`, `${num(d.shuffledMs.median)} ms`, `${num(d.plainMs.median)} ms`, d.ratioShuffled, "≤ 1.2×", d.ratioShuffled.median <= 1.2),
    row(
      "12b",
      `\`list --data FILE\` peak RSS at ${num(d.items)} ÷ at ${num(d.smallItems)} items (in key order ${mb(d.rss.cli.big)} ÷ ${mb(d.rss.cli.small)}, not ${mb(d.rss.shuffled.big)} ÷ ${mb(d.rss.shuffled.small)}; the larger growth), ÷ the script's (${mb(d.rss.plain.big)} ÷ ${mb(d.rss.plain.small)}) (issue 26)`,
      times(growth),
      times(plainGrowth),
      exact(growth / plainGrowth),
      "≤ 1.2×",
      growth / plainGrowth <= 1.2,
    ),
  ];
}

export function describeRatio(t) {
  if (t.ratio === null) return ["n/a", ""];
  return [times(t.ratio), t.ratioMin === t.ratioMax ? "exact" : range({ min: t.ratioMin, max: t.ratioMax }, "×")];
}
