/**
 * A Mongo query equivalent to a ListFilter array (which the service ANDs),
 * for sift and mingo. Conditions on one attribute share one object unless an
 * operator repeats, in which case the filters go under $and.
 */

function escapeRegExp(s) {
  return s.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

const COMPARE = { equals: "$eq", notEquals: "$ne", lessThan: "$lt", lessEqual: "$lte", greaterThan: "$gt", greaterEqual: "$gte" };

function condition(f) {
  switch (f.operator) {
    case "contains":
      return { $regex: new RegExp(escapeRegExp(f.value)) };
    case "notContains":
      return { $not: new RegExp(escapeRegExp(f.value)) };
    case "beginsWith":
      return { $regex: new RegExp(`^${escapeRegExp(f.value)}`) };
    case "in":
      return { $in: Array.isArray(f.value) ? f.value : [f.value] };
    case "between":
      return { $gte: f.value[0], $lte: f.value[1] };
    case "null":
      return { $eq: null };
    case "notNull":
      return { $ne: null };
    default:
      return { [COMPARE[f.operator]]: f.value };
  }
}

export function toMongo(filters) {
  const query = {};
  for (const f of filters) {
    const c = condition(f);
    const existing = query[f.item];
    if (existing === undefined) query[f.item] = c;
    else if (Object.keys(c).some((k) => k in existing)) return { $and: filters.map((g) => ({ [g.item]: condition(g) })) };
    else Object.assign(existing, c);
  }
  return query;
}
