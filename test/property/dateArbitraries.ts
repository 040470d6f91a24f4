import type { Schema } from "@itemfilter/core";
import fc from "fast-check";

/*
 * Items holding one instant in the four date formats, and filters of
 * relative bounds on them, for the property tests of relative dates
 * (issue 43 §2). Item dates and `now` fall in overlapping windows, so most
 * bounds split the items.
 */

/** Attributes by format: epochMillis, epochSeconds, iso, isoDate. */
export const DATE_SCHEMA: Schema = {
  attributes: {
    id: { type: "string" },
    t: { type: "date", format: "epochMillis" },
    s: { type: "date", format: "epochSeconds" },
    iso: { type: "date", format: "iso" },
    day: { type: "date", format: "isoDate" },
  },
};

/** Zones with whole-hour, half-hour and 14-hour offsets, a midnight that jumps (Havana) and a 30-minute change (Lord Howe). */
export const TIME_ZONES = ["UTC", "Europe/Oslo", "America/New_York", "Asia/Kolkata", "Pacific/Kiritimati", "America/Havana", "Australia/Lord_Howe"] as const;

const instant = fc.date({ min: new Date("2025-06-01T00:00:00Z"), max: new Date("2027-06-30T00:00:00Z"), noInvalidDate: true }).map((d) => d.getTime());

/** One item: each format's attribute from its own instant, or missing. */
const itemArb = fc.record(
  {
    t: instant,
    s: instant.map((ms) => Math.floor(ms / 1000)),
    iso: instant.map((ms) => new Date(ms).toISOString()),
    day: instant.map((ms) => new Date(ms).toISOString().slice(0, 10)),
  },
  { requiredKeys: [] },
);

export const datedItemsArbitrary = fc.array(itemArb, { minLength: 1, maxLength: 30 }).map((items) => items.map((item, i) => ({ id: `i${String(i).padStart(2, "0")}`, ...item })));

/** Amounts that keep each unit's offsets within the windows. */
const AMOUNTS: Record<string, number> = { s: 200_000, m: 50_000, h: 3_000, d: 400, w: 60, mo: 15, y: 1 };

const dateText = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom("now", "today") },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom("now", "today"), fc.constantFrom("+", "-"), fc.constantFrom(...Object.keys(AMOUNTS)))
      .chain(([anchor, sign, unit]) => fc.integer({ min: 0, max: AMOUNTS[unit]! }).map((amount) => `${anchor} ${sign} ${amount}${unit}`)),
  },
);

const predicate = fc.tuple(fc.constantFrom("t", "s", "iso", "day"), fc.constantFrom(">", ">=", "<", "<=", "=", "!=", "between", "in")).chain(([attr, op]) => {
  if (op === "between") return fc.tuple(dateText, dateText).map(([a, b]) => `${attr} between ${a} and ${b}`);
  if (op === "in") return fc.array(dateText, { minLength: 1, maxLength: 3 }).map((ds) => `${attr} in (${ds.join(", ")})`);
  return dateText.map((d) => `${attr} ${op} ${d}`);
});

/** One to three relative bounds joined by and/or, any of them negated. */
export const datedFilterArbitrary = fc
  .array(fc.tuple(predicate, fc.boolean()), { minLength: 1, maxLength: 3 })
  .chain((parts) =>
    fc.array(fc.constantFrom("and", "or"), { minLength: parts.length - 1, maxLength: parts.length - 1 }).map((joins) =>
      parts.map(([p, negated], i) => `${i === 0 ? "" : ` ${joins[i - 1]} `}${negated ? `not (${p})` : p}`).join(""),
    ),
  );
