import { iqrPercent, num, range, table, times } from "./format.mjs";
import { describeRatio } from "./targets.mjs";

function targetTable(targets) {
  return table(
    ["#", "figure", "ours (median)", "reference (median)", "ratio (median of rounds)", "ratio spread (min..max)", "target", "met?"],
    targets.map((t) => {
      const [ratio, spread] = describeRatio(t);
      return [t.id, t.figure, t.ours, t.reference || "", ratio, spread, t.target, t.ratio === null ? `no (${t.note})` : t.met ? "yes" : "**no**"];
    }),
  );
}

function compileTable(section) {
  const rows = section.rows.map((r) => [
    r.name,
    num(r.chars),
    num(r.stats.median),
    range(r.stats),
    iqrPercent(r.stats),
    num(r.charsPerSecMedian / 1e6),
    r.name === "core compileList" ? "1×" : `${times(r.compileListSpeedup.median)} (${range(r.compileListSpeedup, "×")})`,
  ]);
  for (const n of section.na) {
    rows.push([n.name, num(n.chars), "n/a", "", "", "", n.reason]);
  }
  const head = `### Compile: ${section.label} (${num(section.chars)} chars, limits ${section.limits === "default" ? "default" : JSON.stringify(section.limits)})`;
  return `${head}\n\n${table(["candidate", "chars", "ops/s", "min..max", "IQR", "M chars/s", "compileList speed ÷ this"], rows)}`;
}

/** Issue 26: the typical figures per fresh process (the first is the main run), pooled into 1a and 1b. */
function processesTable(p) {
  const rows = p.processes.map((x, i) => [i === 0 ? "main run" : `fresh process ${i}`, x.fastestPeer, `${times(x.vsFastestPeer.median)} (${range(x.vsFastestPeer, "×")})`, `${times(x.vsLiqe.median)} (${range(x.vsLiqe, "×")})`]);
  rows.push(["all rounds pooled", "", `${times(p.vsFastestPeer.median)} (${range(p.vsFastestPeer, "×")})`, `${times(p.vsLiqe.median)} (${range(p.vsLiqe, "×")})`]);
  return `### Compile: typical, per process (figures 1a and 1b pool every round)\n\n${table(["process", "fastest peer", "compileList ÷ fastest peer, per round", "compileList ÷ liqe, per round"], rows)}`;
}

function evaluationTable(e) {
  const core = e.results.find((r) => r.name === "core matches");
  const rows = e.results.map((r) => [
    r.name,
    num(r.stats.median * e.items),
    range({ min: r.stats.min * e.items, max: r.stats.max * e.items }),
    iqrPercent(r.stats),
    core === undefined || r === core ? "" : times(core.stats.median / r.stats.median),
  ]);
  const na = e.na === null ? "" : `\n\ncore matches: n/a (${e.na})`;
  return `### Evaluation: ${num(e.items)} items, ${e.filters.length} filters, ${num(e.selected)} selected by every evaluator\n\nMongo query: \`${JSON.stringify(e.query)}\`\n\n${table(["evaluator", "items/s", "min..max", "IQR", "matches ÷ this (medians)"], rows)}${na}`;
}

function scalingTable(s) {
  const rows = s.rows.map((r) => [r.name, num(r.chars), num(r.msPerCall.median), num(r.nsPerChar.median), range(r.nsPerChar), `${times(r.vsFirst.median)} (${range(r.vsFirst, "×")})`]);
  return `### Scaling: \`large\` repeated, per-character time\n\n${table(["candidate", "chars", "ms/call", "ns/char", "ns/char min..max", "ns/char ÷ 1× (per round)"], rows)}`;
}

function coldStartTable(c) {
  if (c.na !== null) return `### Cold start\n\nn/a: ${c.na}`;
  const rows = [
    [`\`${c.command}\``, num(c.cliMs.median), range(c.cliMs)],
    ["`node -e 0`", num(c.nodeMs.median), range(c.nodeMs)],
  ];
  return `### Cold start (${c.runs} runs each, alternating)\n\n${table(["command", "median ms", "min..max ms"], rows)}`;
}

function sizeTable(s) {
  if (s.na !== null) return `### Size\n\nn/a: ${s.na}`;
  const rows = [
    ["`export * from \"@itemfilter/core\"`", num(s.core.minified), num(s.core.gzip), times(s.ratio)],
    ["`export { compileList, compileQuery, formatDiagnostics } from \"@itemfilter/core\"`", num(s.compileOnly.minified), num(s.compileOnly.gzip), times(s.compileOnlyRatio)],
    [`\`export * from "chevrotain"\` (${s.chevrotain.version})`, num(s.chevrotain.minified), num(s.chevrotain.gzip), "1×"],
  ];
  const top = s.core.top.map((t) => `${t.path} ${num(t.bytes)}`).join(", ");
  return `### Size (an app's entry bundled by esbuild from node_modules: bundle + minify, esm, browser; gzip -9)\n\n${table(["app", "minified B", "gzip B", "gzip ÷ chevrotain"], rows)}\n\nLargest inputs of the whole-core app (minified bytes): ${top}`;
}

function firstFilterTable(f) {
  const rows = f.rows.map((r) => [
    r.label,
    num(r.chars),
    num(r.wallMs.median),
    range(r.wallMs),
    num(r.importMs),
    num(r.callMs),
    num(r.cpuMs),
    r.coreRatio === null ? "1×" : `${times(r.coreRatio.median)} (${range(r.coreRatio, "×")})`,
    r.coreCpuRatio === null ? "1×" : times(r.coreCpuRatio.median),
  ]);
  return `### Time to first filter (${f.runs} rounds of fresh processes, alternating; import from node_modules + one typical call)\n\n${table(["candidate", "chars", "wall ms", "min..max ms", "import ms (inside)", "first call ms (inside)", "process CPU ms", "core ÷ this, wall (per round)", "core ÷ this, CPU"], rows)}`;
}

function planSection(p) {
  if (p === undefined || p.na !== null) return `### Plan (issue 11)\n\nn/a: ${p?.na ?? "not run"}`;
  const ms = (x) => `${num(x.median)} (${range(x)})`;
  const rows = [
    [`\`${p.or.filter}\``, `findAll: ${p.or.plan.join(", ")}`, ms(p.or.planMs), "unfiltered listItems scan + local evaluate", ms(p.or.scanMs), `${times(p.or.speedup.median)} (${range(p.or.speedup, "×")})`, num(p.or.matched)],
    [`\`${p.partition.filter}\``, `findAll with keys: ${p.partition.plan.join(", ")}`, ms(p.partition.planMs), `findAll without keys: ${p.partition.scan.join(", ")}`, ms(p.partition.scanMs), `${times(p.partition.speedup.median)} (${range(p.partition.speedup, "×")})`, num(p.partition.matched)],
  ];
  return `### Plan (issue 11): ${num(p.items)} items in the emulator over loopback HTTP, ${p.rounds} interleaved rounds\n\n${table(["filter", "plan", "ms", "other way", "ms", "other ÷ plan (per round)", "items"], rows)}`;
}

function planCostSection(rows) {
  if (rows === undefined) return "### Plan ÷ compile (issue 17)\n\nn/a: not run";
  const ms = (x) => `${num(x.median, 3)} (${range(x)})`;
  const body = rows.map((r) => [r.name, num(r.chars), r.outcome, ms(r.planMs), ms(r.compileMs), `${times(r.ratio.median)} (${range(r.ratio, "×")})`]);
  return `### Plan ÷ compile (issue 17): CPU ms of one call of each on the same text, per round\n\n${table(["input", "chars", "plan gives", "plan ms", "compileList ms", "plan ÷ compileList (per round)"], body)}`;
}

function requestCostSection(c) {
  if (c === undefined || c.na !== null) return `### One request's time (issue 26)\n\nn/a: ${c?.na ?? "not run"}`;
  const rows = c.ways.map((w) => [w.name, `${num(w.ms.median)} (${range(w.ms)})`, `${times(w.vsNodeFetch.median)} (${range(w.vsNodeFetch, "×")})`]);
  return (
    `### One request's time (issue 26): the 8b partition query (${num(c.matched)} items) made five ways, each a layer more; ${num(c.items)} items in the emulator, ${c.rounds} interleaved rounds of ${c.batch} sequential requests\n\n` +
    table(["way", "ms per request", "÷ node-fetch alone (per round)"], rows)
  );
}

function dataFileSection(d) {
  if (d === undefined || d.na !== null) return `### A data file (issue 26 §3)\n\nn/a: ${d?.na ?? "not run"}`;
  const mb = (bytes) => `${num(bytes / 2 ** 20)} MB`;
  const rows = [
    [`list, keys in order (${d.rounds} interleaved rounds)`, `${num(d.cliMs.median)} (${range(d.cliMs)})`, mb(d.rss.cli.big), mb(d.rss.cli.small), `${times(d.ratio.median)} (${range(d.ratio, "×")})`],
    [`list, keys not in order (same rounds)`, `${num(d.shuffledMs.median)} (${range(d.shuffledMs)})`, mb(d.rss.shuffled.big), mb(d.rss.shuffled.small), `${times(d.ratioShuffled.median)} (${range(d.ratioShuffled, "×")})`],
    ["plain script", `${num(d.plainMs.median)} (${range(d.plainMs)})`, mb(d.rss.plain.big), mb(d.rss.plain.small), ""],
    ["find (once)", num(d.find.ms), mb(d.find.rss), "", ""],
    [`query (once; exit ${d.query.status}: an NDJSON table has no secondary key)`, num(d.query.ms), mb(d.query.rss), "", ""],
  ];
  return (
    `### A data file (issue 26 §3): \`${d.command}\` over ${num(d.items)} NDJSON items (${mb(d.bytes)}; ${num(d.matched)} match at ${num(d.smallItems)} items) against readline + JSON.parse\n\n` +
    table(["run", `ms at ${num(d.items)} items`, `peak RSS at ${num(d.items)}`, `peak RSS at ${num(d.smallItems)}`, "÷ plain script (per round)"], rows)
  );
}

/** The whole stdout report: targets first, then the raw per-candidate tables. */
export function renderReport(results) {
  const m = results.machine;
  return [
    `## itemfilter bench${results.quick ? " (--quick: smoke run, not for quoting)" : ""}`,
    `${m.cpu} × ${m.cores}, ${m.os}, Node ${m.node}, ${m.date}; ${results.settings.rounds} rounds (${results.settings.hugeRounds} for huge and scaling) of ≥ ${results.settings.batchMs} ms batches per candidate, interleaved; ` +
      `process CPU time ÷ wall time during batches: median ${num(results.cpuShare.median, 2)} (min ${num(results.cpuShare.min, 2)}; well under 1 = contended machine); run took ${num(results.durationSec)} s`,
    "### Targets (issues 6 and 12)",
    targetTable(results.targets),
    ...["small", "typical", "large", "huge"].filter((k) => results.compile[k] !== undefined).map((k) => compileTable(results.compile[k])),
    ...(results.compile.typicalProcesses === undefined ? [] : [processesTable(results.compile.typicalProcesses)]),
    evaluationTable(results.evaluation),
    scalingTable(results.scaling),
    coldStartTable(results.coldStart),
    firstFilterTable(results.firstFilter),
    sizeTable(results.size),
    planSection(results.plan),
    planCostSection(results.planCost),
    requestCostSection(results.requestCost),
    dataFileSection(results.dataFile),
  ].join("\n\n");
}
