/**
 * Translators from an itemfilter syntax tree to each peer's own syntax, so
 * every peer parses the same filter at every input size. Each mapping is the
 * nearest faithful form the peer's language offers; README.md lists them.
 */

const PLAIN_WORD = /^[A-Za-z0-9_]+$/;

function attr(node) {
  return node.attribute.name;
}

/** Literal as a JSON string or a plain number; all five peers read both forms. */
function lit(l) {
  return l.type === "String" ? JSON.stringify(l.value) : String(l.value);
}

function values(node) {
  return Array.isArray(node.value) ? node.value : [node.value];
}

/** Only and/or need parentheses inside another connective; `not` binds tightest in every peer. */
function group(text, child) {
  return child.type === "And" || child.type === "Or" ? `(${text})` : text;
}

/** Shared walk for peers with and/or/not: `pred` renders one predicate, `ops` the connectives. */
function walker(pred, ops) {
  const walk = (node) => {
    switch (node.type) {
      case "And":
        return node.operands.map((o) => group(walk(o), o)).join(ops.and);
      case "Or":
        return node.operands.map((o) => group(walk(o), o)).join(ops.or);
      case "Not":
        return ops.not(walk(node.operand), node.operand);
      case "Predicate":
        return pred(node);
    }
    throw new Error(`unknown node ${node.type}`);
  };
  return (doc) => walk(doc.body);
}

const LIQE_COMPARE = { lessThan: "<", lessEqual: "<=", greaterThan: ">", greaterEqual: ">=" };

/** Lucene-like: `field:=v`, `field:>=v`, `field:[a TO b]`, `field:ab*`, quoted substring for contains. */
export const toLiqe = walker(
  (p) => {
    const a = attr(p);
    const v = p.value;
    switch (p.operator) {
      case "equals":
        return `${a}:=${lit(v)}`;
      case "notEquals":
        return `NOT ${a}:=${lit(v)}`;
      case "contains":
        return `${a}:${lit(v)}`;
      case "notContains":
        return `NOT ${a}:${lit(v)}`;
      case "beginsWith":
        return PLAIN_WORD.test(v.value) ? `${a}:${v.value}*` : `${a}:/^${v.value.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}/`;
      case "in":
        return `(${values(p).map((x) => `${a}:=${lit(x)}`).join(" OR ")})`;
      case "between":
        return `${a}:[${lit(v[0])} TO ${lit(v[1])}]`;
      case "null":
        return `${a}:null`;
      case "notNull":
        return `NOT ${a}:null`;
      default:
        return `${a}:${LIQE_COMPARE[p.operator]}${lit(v)}`;
    }
  },
  { and: " AND ", or: " OR ", not: (t, o) => `NOT ${group(t, o)}` },
);

const SCIM_OP = { equals: "eq", notEquals: "ne", lessThan: "lt", lessEqual: "le", greaterThan: "gt", greaterEqual: "ge", contains: "co", beginsWith: "sw" };

/** SCIM 2 (RFC 7644): `not` needs parentheses, `pr` is presence, in/between become or/and groups. */
export const toScim = walker(
  (p) => {
    const a = attr(p);
    const v = p.value;
    switch (p.operator) {
      case "notContains":
        return `not (${a} co ${lit(v)})`;
      case "in":
        return `(${values(p).map((x) => `${a} eq ${lit(x)}`).join(" or ")})`;
      case "between":
        return `(${a} ge ${lit(v[0])} and ${a} le ${lit(v[1])})`;
      case "null":
        return `not (${a} pr)`;
      case "notNull":
        return `${a} pr`;
      default:
        return `${a} ${SCIM_OP[p.operator]} ${lit(v)}`;
    }
  },
  { and: " and ", or: " or ", not: (t) => `not (${t})` },
);

const JSEP_COMPARE = { equals: "==", notEquals: "!=", lessThan: "<", lessEqual: "<=", greaterThan: ">", greaterEqual: ">=" };

/** A JavaScript expression, as an app would write the test by hand. */
export const toJsep = walker(
  (p) => {
    const a = attr(p);
    const v = p.value;
    switch (p.operator) {
      case "contains":
        return `${a}.includes(${lit(v)})`;
      case "notContains":
        return `!${a}.includes(${lit(v)})`;
      case "beginsWith":
        return `${a}.startsWith(${lit(v)})`;
      case "in":
        return `[${values(p).map(lit).join(", ")}].includes(${a})`;
      case "between":
        return `(${a} >= ${lit(v[0])} && ${a} <= ${lit(v[1])})`;
      case "null":
        return `${a} == null`;
      case "notNull":
        return `${a} != null`;
      default:
        return `${a} ${JSEP_COMPARE[p.operator]} ${lit(v)}`;
    }
  },
  { and: " && ", or: " || ", not: (t) => `!(${t})` },
);

/** filtrex: its own `in (..)`, and the functions in FILTREX_FUNCTIONS for the string tests. */
export const toFiltrex = walker(
  (p) => {
    const a = attr(p);
    const v = p.value;
    switch (p.operator) {
      case "contains":
        return `contains(${a}, ${lit(v)})`;
      case "notContains":
        return `not contains(${a}, ${lit(v)})`;
      case "beginsWith":
        return `startsWith(${a}, ${lit(v)})`;
      case "in":
        return `${a} in (${values(p).map(lit).join(", ")})`;
      case "between":
        return `(${a} >= ${lit(v[0])} and ${a} <= ${lit(v[1])})`;
      case "null":
        return `isNull(${a})`;
      case "notNull":
        return `not isNull(${a})`;
      default:
        return `${a} ${JSEP_COMPARE[p.operator]} ${lit(v)}`;
    }
  },
  { and: " and ", or: " or ", not: (t) => `not (${t})` },
);

export const FILTREX_FUNCTIONS = {
  contains: (a, b) => typeof a === "string" && a.includes(b),
  startsWith: (a, b) => typeof a === "string" && a.startsWith(b),
  isNull: (a) => a === undefined || a === null,
};

function rsqlValue(l) {
  return l.type === "String" && !PLAIN_WORD.test(l.value) ? JSON.stringify(l.value) : String(l.value);
}

/** Wildcard values must stay unquoted-looking words; quote the rest of the value around the star. */
function rsqlPattern(prefix, l, suffix) {
  const body = l.value;
  return PLAIN_WORD.test(body) ? `${prefix}${body}${suffix}` : JSON.stringify(`${prefix}${body}${suffix}`);
}

/**
 * RSQL/FIQL has no `not`, so negation is pushed inward the way compileList
 * does (De Morgan, complement operators); contains and beginsWith use the
 * usual `*` wildcard convention, null tests the common `=isnull=` extension.
 */
export function toRsql(doc) {
  const walk = (node, neg) => {
    switch (node.type) {
      case "And":
      case "Or": {
        const conj = (node.type === "And") !== neg;
        return node.operands.map((o) => rsqlGroup(walk(o, neg), o)).join(conj ? ";" : ",");
      }
      case "Not":
        return walk(node.operand, !neg);
      case "Predicate":
        return rsqlPredicate(node, neg);
    }
    throw new Error(`unknown node ${node.type}`);
  };
  return walk(doc.body, false);
}

function rsqlGroup(text, node) {
  let inner = node;
  while (inner.type === "Not") inner = inner.operand;
  // A between becomes two comparisons (an and, or an or once negated), which needs its own group.
  if (inner.type === "Predicate" && inner.operator !== "between") return text;
  return `(${text})`;
}

const RSQL_OP = { equals: "==", notEquals: "!=", lessThan: "<", lessEqual: "<=", greaterThan: ">", greaterEqual: ">=" };
const RSQL_COMPLEMENT = { equals: "!=", notEquals: "==", lessThan: ">=", lessEqual: ">", greaterThan: "<=", greaterEqual: "<" };

function rsqlPredicate(p, neg) {
  const a = attr(p);
  const v = p.value;
  switch (p.operator) {
    case "contains":
    case "notContains":
      return `${a}${(p.operator === "contains") !== neg ? "==" : "!="}${rsqlPattern("*", v, "*")}`;
    case "beginsWith":
      return `${a}${neg ? "!=" : "=="}${rsqlPattern("", v, "*")}`;
    case "in":
      return `${a}${neg ? "=out=" : "=in="}(${values(p).map(rsqlValue).join(",")})`;
    case "between":
      return neg ? `${a}<${rsqlValue(v[0])},${a}>${rsqlValue(v[1])}` : `${a}>=${rsqlValue(v[0])};${a}<=${rsqlValue(v[1])}`;
    case "null":
    case "notNull":
      return `${a}=isnull=${(p.operator === "null") !== neg}`;
    default:
      return `${a}${(neg ? RSQL_COMPLEMENT : RSQL_OP)[p.operator]}${rsqlValue(v)}`;
  }
}
