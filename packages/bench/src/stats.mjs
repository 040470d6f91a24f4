/** Order statistics over the per-round samples; quantiles interpolate linearly. */

export function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

export function median(values) {
  return quantile(values, 0.5);
}

/** Median, min, max and the interquartile range of a sample. */
export function summary(values) {
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    q1: quantile(values, 0.25),
    q3: quantile(values, 0.75),
    n: values.length,
  };
}

/** Element-wise ratio of two per-round series, summarised: ratios are taken per round, then medianed. */
export function ratioSummary(numerators, denominators) {
  return summary(numerators.map((x, i) => x / denominators[i]));
}
