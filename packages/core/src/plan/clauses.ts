import { FilterError } from "../errors.js";
import type { Scalar } from "../compile/filters.js";
import { equalityValues, inFilter, oneType } from "../compile/lowering.js";
import type { Span } from "../syntax/location.js";
import { andNode, literalNode, local, orNode, pushed, termNode, type Literal, type Local, type Pushed, type Term } from "./terms.js";

/**
 * A conjunction: the service tests `push` exactly, and `local` is left for
 * evaluate. A clause with neither is true. A filter in disjunctive form is a
 * list of clauses, and each clause can become one request.
 */
export interface Clause {
  readonly push: readonly Pushed[];
  readonly local: readonly Local[];
  readonly span: Span;
}

interface Bounds {
  maxRequests: number;
  maxInValues: number;
}

/**
 * Brings a term to disjunctive form, simplifying as it goes (or→in merges,
 * clauses subsumed by others folded into them) so that the bound on the
 * number of clauses applies to what would really be sent. Past the bound it
 * stops with E_PLAN_TOO_LARGE, pointing at the disjunction that overflowed.
 */
export function clausesOf(term: Term, bounds: Bounds): Clause[] {
  switch (term.type) {
    case "lit":
      return [term.lit.kind === "push" ? { push: [term.lit], local: [], span: term.span } : { push: [], local: [term.lit], span: term.span }];
    case "and": {
      let running: Clause[] = [{ push: [], local: [], span: term.span }];
      for (const operand of term.operands) {
        const next = clausesOf(operand, bounds);
        const product: Clause[] = [];
        // Distributing repeats conditions (`(a or b) and (a or c)` gives `a and a`): those repeats are
        // dropped. A condition written twice in a conjunction is kept, as compileList keeps it.
        const distributed = running.length > 1 || next.length > 1;
        for (const a of running) for (const b of next) product.push(conjoin(a, b, distributed));
        const simpler = simplify(product, bounds);
        if (simpler === null) throw tooLarge(operand.span, bounds.maxRequests);
        running = simpler;
      }
      return running;
    }
    case "or":
      return disjunction(term, bounds);
  }
}

function conjoin(a: Clause, b: Clause, dropRepeats: boolean): Clause {
  if (!dropRepeats) return { push: [...a.push, ...b.push], local: [...a.local, ...b.local], span: a.span };
  const has = new Set([...a.push, ...a.local].map((l) => l.sig));
  return {
    push: [...a.push, ...b.push.filter((p) => !has.has(p.sig))],
    local: [...a.local, ...b.local.filter((l) => !has.has(l.sig))],
    span: a.span,
  };
}

function disjunction(term: { readonly operands: Term[]; readonly span: Span }, bounds: Bounds): Clause[] {
  const parts: (Clause[] | FilterError)[] = term.operands.map((operand) => {
    try {
      return clausesOf(operand, bounds);
    } catch (error) {
      if (error instanceof FilterError && error.code === "E_PLAN_TOO_LARGE") return error;
      throw error;
    }
  });
  // A disjunct the service cannot narrow at all means reading every item anyway: the
  // whole disjunction is then checked locally, however large it would have grown.
  if (parts.some((p) => !(p instanceof FilterError) && p.some((c) => c.push.length === 0))) {
    const whole = parts.some((p) => !(p instanceof FilterError) && p.some((c) => c.push.length === 0 && c.local.length === 0));
    return [{ push: [], local: whole ? [] : [local(termNode({ type: "or", operands: term.operands, span: term.span }))], span: term.span }];
  }
  let all: Clause[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p instanceof FilterError) throw p;
    const simpler = simplify([...all, ...p], bounds);
    if (simpler === null) {
      const from = term.operands[i]!.span;
      throw tooLarge({ start: from.start, end: term.span.end }, bounds.maxRequests);
    }
    all = simpler;
  }
  return all;
}

function tooLarge(span: Span, maxRequests: number): FilterError {
  return new FilterError([
    {
      code: "E_PLAN_TOO_LARGE",
      message: `running this filter would take more than ${maxRequests} requests (maxRequests); raise maxRequests, or write alternatives on one attribute as 'in' so they share a request`,
      span,
    },
  ]);
}

/** Merges then folds; both keep the clauses' meaning exactly. Null when more than maxRequests clauses remain. */
function simplify(clauses: Clause[], bounds: Bounds): Clause[] | null {
  return fold(mergeEqualities(clauses, bounds.maxInValues), bounds.maxRequests);
}

const setSig = (lits: readonly { sig: string }[]): string => [...new Set(lits.map((l) => l.sig))].sort().join("\u0001");

/**
 * or→in: clauses equal but for one equality on the same attribute, with
 * values of one type, become one clause with an `in` (at most maxInValues
 * values). `a = 1 or a = 2` is `a in (1, 2)`; `a = 1 or a = "x"` stays two
 * clauses, since the service refuses an `in` of two types.
 */
function mergeEqualities(clauses: Clause[], maxInValues: number): Clause[] {
  const owners = new Map<string, { ci: number; li: number }>();
  const chosen = new Map<number, number>();
  const values = new Map<number, Scalar[]>();
  const dropped = new Set<number>();
  clauses.forEach((c, ci) => {
    const localSig = setSig(c.local);
    const candidates: { li: number; key: string; vals: Scalar[] }[] = [];
    c.push.forEach((p, li) => {
      const vals = equalityValues(p.filter);
      const type = vals === null ? null : oneType(vals);
      if (vals === null || type === null) return;
      const rest = setSig(c.push.filter((_, j) => j !== li));
      candidates.push({ li, vals, key: [rest, localSig, p.filter.item, type].join("\u0000") });
    });
    for (const { key, vals } of candidates) {
      const owner = owners.get(key);
      if (owner !== undefined && (chosen.get(owner.ci) ?? owner.li) === owner.li) {
        const have = values.get(owner.ci) ?? (equalityValues(clauses[owner.ci]!.push[owner.li]!.filter) as Scalar[]);
        if (new Set([...have, ...vals]).size <= maxInValues) {
          chosen.set(owner.ci, owner.li);
          values.set(owner.ci, [...have, ...vals]);
          dropped.add(ci);
          return;
        }
      }
    }
    // Any owner these keys had could not take this clause (it merges on another literal, or is full): this one takes over.
    for (const { li, key } of candidates) owners.set(key, { ci, li });
  });
  if (dropped.size === 0) return clauses;
  const out: Clause[] = [];
  clauses.forEach((c, ci) => {
    if (dropped.has(ci)) return;
    const li = chosen.get(ci);
    if (li === undefined) return void out.push(c);
    const push = c.push.slice();
    push[li] = pushed(inFilter(c.push[li]!.filter.item, values.get(ci)!));
    out.push({ ...c, push });
  });
  return out;
}

/**
 * Folds a clause into another whose pushed conditions are a subset of its
 * own: that request already returns every item this one would, so
 * `A or B` becomes `P_A and (R_A or rest of B)`. A clause pushing nothing
 * folds everything into one full scan.
 */
function fold(clauses: Clause[], maxRequests: number): Clause[] | null {
  if (clauses.length < 2) return clauses;
  const order = clauses.map((c, i) => ({ c, i, sigs: new Set(c.push.map((p) => p.sig)) })).sort((x, y) => x.sigs.size - y.sigs.size || x.i - y.i);
  const kept: { c: Clause; i: number; sigs: Set<string>; alternatives: Literal[][] }[] = [];
  for (const entry of order) {
    const host = kept.find((k) => [...k.sigs].every((s) => entry.sigs.has(s)));
    if (host === undefined) {
      // Clauses come smallest first, so one that is kept can never be folded later: past the bound, stop.
      if (kept.push({ ...entry, alternatives: [] }) > maxRequests) return null;
      continue;
    }
    host.alternatives.push([...entry.c.push.filter((p) => !host.sigs.has(p.sig)), ...entry.c.local]);
  }
  if (kept.length === clauses.length) return clauses;
  return kept
    .sort((x, y) => x.i - y.i)
    .map((k) => {
      if (k.alternatives.length === 0) return k.c;
      const options = [k.c.local, ...k.alternatives];
      // Any alternative that is already true makes the residual true.
      if (options.some((o) => o.length === 0)) return { ...k.c, local: [] };
      const span = k.c.span;
      const residual = orNode(options.map((o) => andNode(o.map((l) => literalNode(l, span)), span)), span);
      return { ...k.c, local: [local(residual)] };
    });
}
