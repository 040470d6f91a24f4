/**
 * The filter texts the bench compiles. `large` is built from fixed blocks so
 * its predicate count and mix are known; `huge` and the scaling inputs repeat
 * `large` verbatim, so every size has the same token mix per character and
 * per-character times are comparable.
 */

export const SMALL = `status = "active"`;

export const TYPICAL = `name beginsWith "ab" and score >= 3 and status in ("a","b") and tags notContains "x" and age between 18 and 65`;

/** Two block shapes of 10 predicates each; only forms compileList accepts (or joins equalities on one attribute, not only over equals/contains/null/in). */
function block(i) {
  if (i % 2 === 0) {
    return [
      `name beginsWith "abc${i}"`,
      `score >= ${i}.5`,
      `(status = "active" or status = "pending_review${i}")`,
      `tags notContains "x${i}"`,
      `age_years between 18 and ${60 + i}`,
      `region in ("europe", "americas", "asia${i}")`,
      `(kind = "a" or (kind = "b" or kind = 'c${i}'))`,
    ].join(" and ");
  }
  return [
    `owner != "robert${i}"`,
    `deleted_at is null`,
    `not (country_code = "zz${i}")`,
    `shipping_city is not null`,
    `unit_price < 1e3`,
    `quantity <= ${i * 7}`,
    `(tier = 1 or tier = 2 or tier = ${i + 3})`,
    `description notContains "unsubscribe"`,
  ].join(" and ");
}

/** 20 blocks = 200 predicates, about 5 KB, inside the default limits. */
export const LARGE = Array.from({ length: 20 }, (_, i) => `(${block(i)})`).join(" and ");

export const LARGE_PREDICATES = 200;

/** `large` repeated `copies` times, joined with `and`. */
export function repeatLarge(copies) {
  return Array.from({ length: copies }, () => LARGE).join(" and ");
}

/** Copies of `large` that make about 1 MB. */
export const HUGE_COPIES = 200;

/** Limits raised far enough for `copies` repetitions of `large`. */
export function raisedLimits(copies) {
  return { maxLength: (LARGE.length + 5) * copies + 16, maxPredicates: LARGE_PREDICATES * copies + 16 };
}
