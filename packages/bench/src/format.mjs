/** Number formatting for the markdown tables. */

export function num(x, digits = 3) {
  if (x === null || x === undefined || Number.isNaN(x)) return "n/a";
  if (Math.abs(x) >= 10 ** digits) return Math.round(x).toLocaleString("en-US");
  return x.toLocaleString("en-US", { maximumSignificantDigits: digits });
}

export function times(x) {
  return x === null || x === undefined ? "n/a" : `${num(x)}×`;
}

export function range(s, unit = "") {
  return `${num(s.min)}..${num(s.max)}${unit}`;
}

/** Half the interquartile range as a percentage of the median: a noise figure. */
export function iqrPercent(s) {
  return `±${num((50 * (s.q3 - s.q1)) / s.median, 2)}%`;
}

export function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
