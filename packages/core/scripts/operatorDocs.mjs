/**
 * The operator reference in grammar/README.md, rendered from the OPERATORS
 * table (with its descriptions: OPERATOR_REFERENCE) so the docs read the same facts as the compiler and content assist.
 * `node scripts/operatorDocs.mjs --write` rewrites the marked region;
 * packages/core/test/docs.test.ts fails when it is stale.
 */
const SHAPES = {
  scalar: "a string or a number",
  number: "a number",
  string: "a string",
  none: "none (no `value` member)",
  list: "1 to 100 strings or numbers; one value is sent as a scalar unless written in `[ ]`",
  range: "`[lower, upper]`, one type, lower ≤ upper",
};

export const START = "<!-- operators:start (generated from packages/core/src/values/operators.ts) -->";
export const END = "<!-- operators:end -->";

export function operatorTable(operators) {
  const code = (s) => "`" + s + "`";
  const rows = operators.map((op) => {
    const written =
      op.name === "in"
        ? ["in (v, …)", "in [v, …]", "in v"]
        : op.name === "between"
          ? ["between a and b"]
          : op.name === "null"
            ? ["is null", "null", "= null"]
            : op.name === "notNull"
              ? ["is not null", "notNull", "!= null"]
              : [...op.symbols, ...op.words];
    return `| ${code(op.name)} | ${written.map(code).join(" ")} | ${SHAPES[op.value]} | ${op.query ? "yes" : "no"} | ${op.complement ? code(op.complement) : op.name === "in" ? "one `notEquals` per value" : "—"} | ${op.summary} | ${code(op.example)} |`;
  });
  return [
    START,
    "| operator | written | value | key query | exact `not` | matches | example |",
    "|---|---|---|---|---|---|---|",
    ...rows,
    END,
  ].join("\n");
}

export function replaceRegion(text, table) {
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < 0) throw new Error("grammar/README.md has no operators region");
  return text.slice(0, a) + table + text.slice(b + END.length);
}

if (process.argv.includes("--write")) {
  const { readFileSync, writeFileSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  const { OPERATOR_REFERENCE } = await import("../dist/values/operators.js");
  const file = fileURLToPath(new URL("../../../grammar/README.md", import.meta.url));
  writeFileSync(file, replaceRegion(readFileSync(file, "utf8"), operatorTable(OPERATOR_REFERENCE)));
  console.log(`wrote the operator table in ${file}`);
}
