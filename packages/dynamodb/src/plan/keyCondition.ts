import type { QueryFilter, Scalar } from "@itemfilter/core";
import { scalarValue } from "../compile/attributeValue.js";
import type { Placeholders } from "../compile/placeholders.js";

/** A key attribute's type in DynamoDB's key schema. */
export type KeyType = "S" | "N" | "B";

/**
 * Whether an item's key of this type can equal or be ordered against the
 * value. A key attribute always has its schema's type, so a condition with a
 * value of another type matches nothing (and DynamoDB refuses it in a key
 * condition: "Condition parameter type does not match schema type"). Binary
 * keys never equal our strings and numbers. Unknown type: assume it fits.
 */
export function fitsKeyType(value: Scalar, type: KeyType | undefined): boolean {
  if (type === undefined) return true;
  return type === (typeof value === "string" ? "S" : "N");
}

/**
 * The sort-key part of a KeyConditionExpression for the planner's QueryFilter:
 * the condition text, `null` when the condition holds for every key of the
 * partition (so no sort condition is sent), or `"none"` when no item can
 * pass it (the request is dropped). DynamoDB refuses an empty string in a key
 * condition and no key is empty, so `""` bounds are resolved here: `= ""`,
 * `< ""`, `<= ""` match no key; `> ""`, `>= ""`, `beginsWith ""` every string
 * key; `between "" and u` is `<= u`.
 */
export function sortCondition(filter: QueryFilter, sortKey: string, type: KeyType | undefined, placeholders: Placeholders): string | null | "none" {
  const value = filter.value;
  // Placeholders are taken only for a condition that is sent: DynamoDB refuses an unused one.
  const name = (): string => placeholders.name(sortKey);
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((v) => fitsKeyType(v, type))) return "none";
  const v = (x: Scalar): string => placeholders.value(scalarValue(x));
  const single = values[0]!;
  switch (filter.operator) {
    case "equals":
    case "in":
      return single === "" ? "none" : `${name()} = ${v(single)}`;
    case "lessThan":
    case "lessEqual":
      if (single === "") return "none";
      return `${name()} ${filter.operator === "lessThan" ? "<" : "<="} ${v(single)}`;
    case "greaterThan":
    case "greaterEqual":
      if (single === "") return null;
      return `${name()} ${filter.operator === "greaterThan" ? ">" : ">="} ${v(single)}`;
    case "beginsWith":
      if (typeof single !== "string" || type === "N") return "none";
      return single === "" ? null : `begins_with(${name()}, ${v(single)})`;
    case "between": {
      const [lo, hi] = values as [Scalar, Scalar];
      if (hi === "") return "none";
      if (lo === "") return `${name()} <= ${v(hi)}`;
      return `${name()} BETWEEN ${v(lo)} AND ${v(hi)}`;
    }
    default:
      // The planner gives a key query no other operator; anything else stays a Scan's business.
      throw new Error(`internal: no key condition for '${filter.operator}'`);
  }
}
