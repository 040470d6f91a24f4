import type { ListFilter, Scalar } from "../values/filters.js";
import { equalityValues, inFilter, uniqueScalars } from "../semantics/lowering.js";
import { isNumberValue } from "../values/isExactNumber.js";
import type { NumberValue } from "../values/ExactNumber.js";
import { compareNumbers } from "../values/compareNumbers.js";
import { stringifyJson } from "../values/exactJson.js";

/**
 * The union of alternatives on one attribute as the fewest conditions the
 * service tests exactly: `a < 0 or a < 1 or … or a < 15` is `a < 15`,
 * `a = 1 or a = 2` is `a in (1, 2)`, `a between 1 and 5 or a between 4 and 9`
 * is `a between 1 and 9`, `a = 3 or a < 5` is `a < 5`. Each rule is exact by
 * grammar/semantics.md: the orderings and `between` match only numbers here
 * (the compilers refuse other values for them), ordered numerically, so a
 * union of rays and intervals on the number line is read off exactly, and an
 * equality inside one of them adds nothing. Strings are never ordered here.
 *
 * Returns null when nothing merges (the alternatives stay as they are), else
 * the conditions to use.
 */
export function fewestConditions(filters: readonly ListFilter[], maxInValues: number): ListFilter[] | null {
  const rays = { upper: undefined as Bound | undefined, lower: undefined as Bound | undefined };
  const intervals: [NumberValue, NumberValue][] = [];
  const numbers: NumberValue[] = [];
  const strings: string[] = [];
  const others: ListFilter[] = [];
  const othersSeen = new Set<string>();
  for (const f of filters) {
    const values = equalityValues(f);
    if (values !== null) {
      for (const v of values) (isNumberValue(v) ? numbers : strings).push(v as never);
      continue;
    }
    const v = f.value;
    switch (f.operator) {
      case "lessThan":
      case "lessEqual":
        if (isNumberValue(v)) {
          rays.upper = wider(rays.upper, { at: v, closed: f.operator === "lessEqual" }, 1);
          continue;
        }
        break;
      case "greaterThan":
      case "greaterEqual":
        if (isNumberValue(v)) {
          rays.lower = wider(rays.lower, { at: v, closed: f.operator === "greaterEqual" }, -1);
          continue;
        }
        break;
      case "between":
        if (Array.isArray(v) && isNumberValue(v[0]) && isNumberValue(v[1]) && compareNumbers(v[0], v[1]) <= 0) {
          intervals.push([v[0], v[1]]);
          continue;
        }
        break;
    }
    const sig = stringifyJson([f.operator, f.value]);
    if (!othersSeen.has(sig)) {
      othersSeen.add(sig);
      others.push(f);
    }
  }

  const merged = mergeIntervals(intervals);
  // An interval that touches a ray extends it ((-inf, u) with [lo, hi], lo <= u, is (-inf, max(u, hi)]); in order, so each one met extends the ray for the next.
  const kept: [NumberValue, NumberValue][] = [];
  for (const [lo, hi] of merged) {
    if (rays.upper !== undefined && compareNumbers(lo, rays.upper.at) <= 0) rays.upper = wider(rays.upper, { at: hi, closed: true }, 1);
    else kept.push([lo, hi]);
  }
  const left: [NumberValue, NumberValue][] = [];
  for (let i = kept.length - 1; i >= 0; i--) {
    const [lo, hi] = kept[i]!;
    if (rays.lower !== undefined && compareNumbers(hi, rays.lower.at) >= 0) rays.lower = wider(rays.lower, { at: lo, closed: true }, -1);
    else left.unshift([lo, hi]);
  }
  const inside = (n: NumberValue): boolean =>
    (rays.upper !== undefined && within(compareNumbers(n, rays.upper.at), rays.upper.closed, -1)) ||
    (rays.lower !== undefined && within(compareNumbers(n, rays.lower.at), rays.lower.closed, 1)) ||
    left.some(([lo, hi]) => compareNumbers(lo, n) <= 0 && compareNumbers(n, hi) <= 0);

  const item = filters[0]!.item;
  const out: ListFilter[] = [];
  const equal = (values: Scalar[]): void => {
    const distinct = uniqueScalars(values);
    for (let i = 0; i < distinct.length; i += maxInValues) out.push(inFilter(item, distinct.slice(i, i + maxInValues)));
  };
  equal(numbers.filter((n) => !inside(n)));
  equal(strings);
  if (rays.upper !== undefined) out.push({ item, operator: rays.upper.closed ? "lessEqual" : "lessThan", value: rays.upper.at });
  if (rays.lower !== undefined) out.push({ item, operator: rays.lower.closed ? "greaterEqual" : "greaterThan", value: rays.lower.at });
  for (const [lo, hi] of left) out.push({ item, operator: "between", value: [lo, hi] });
  out.push(...others);
  if (out.length >= filters.length) return null;
  // A range that is what one alternative already says is used as written. Equalities are
  // written as compileList writes `a = 1 or a = 1` (an `in`), which subsumption reads as `a = 1`.
  return out.map((f) => (equalityValues(f) !== null ? f : (filters.find((g) => g.operator === f.operator && stringifyJson(g.value) === stringifyJson(f.value)) ?? f)));
}

/** Whether an order (of a value against a ray's end) is inside the ray: on its `side`, or at the end of a closed one. */
function within(order: number, closed: boolean, side: 1 | -1): boolean {
  return order * side > 0 || (closed && order === 0);
}

interface Bound {
  at: NumberValue;
  closed: boolean;
}

/** The wider of two rays; `direction` 1 for upper rays (-inf, at), -1 for lower ones. */
function wider(a: Bound | undefined, b: Bound, direction: 1 | -1): Bound {
  if (a === undefined) return b;
  const order = compareNumbers(b.at, a.at);
  if (order === 0) return { at: a.at, closed: a.closed || b.closed };
  return order * direction > 0 ? b : a;
}

/** Overlapping intervals joined (sorted by lower bound); two that only come close stay apart. */
function mergeIntervals(intervals: [NumberValue, NumberValue][]): [NumberValue, NumberValue][] {
  const sorted = intervals.slice().sort((x, y) => compareNumbers(x[0], y[0]));
  const out: [NumberValue, NumberValue][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && compareNumbers(lo, last[1]) <= 0) {
      if (compareNumbers(hi, last[1]) > 0) last[1] = hi;
    } else out.push([lo, hi]);
  }
  return out;
}
