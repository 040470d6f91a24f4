import { FilterError } from "../errors.js";
import { fewestConditions } from "./alternatives.js";
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

export interface Bounds {
  maxRequests: number;
  maxInValues: number;
  weights: Weights;
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
  return fold(mergeAlternatives(clauses, bounds), bounds.maxRequests);
}

const setSig = (lits: readonly { sig: string }[]): string => [...new Set(lits.map((l) => l.sig))].sort().join("\u0001");

/** Operators whose alternatives on one attribute can merge (alternatives.ts). */
const MERGEABLE = new Set(["equals", "in", "lessThan", "lessEqual", "greaterThan", "greaterEqual", "between"]);

/**
 * A 32-bit hash per distinct condition (FNV-1a of its signature), cached for
 * this plan: a set of conditions is told apart from another by the
 * exclusive-or of its hashes, in time linear in its size. Two different sets
 * may share a hash; every match is confirmed on the sets themselves before it
 * is used, so a collision costs a comparison, never a wrong or a lost merge.
 */
export type Weights = Map<string, number>;

function weightOf(weights: Weights, sig: string): number {
  let w = weights.get(sig);
  if (w === undefined) {
    w = 0x811c9dc5;
    for (let i = 0; i < sig.length; i++) w = Math.imul(w ^ sig.charCodeAt(i), 0x01000193);
    weights.set(sig, w);
  }
  return w;
}

function setHash(lits: readonly { sig: string }[], weights: Weights): { hash: number; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  let hash = 0;
  for (const l of lits) {
    const n = counts.get(l.sig) ?? 0;
    if (n === 0) hash ^= weightOf(weights, l.sig);
    counts.set(l.sig, n + 1);
  }
  return { hash, counts };
}

/**
 * Clauses equal but for one condition on the same attribute become the
 * fewest clauses that say the same (alternatives.ts): `a = 1 or a = 2` is
 * `a in (1, 2)`, `a < 1 or a < 2` is `a < 2`, and a clause written twice is
 * once. A clause merges on one of its conditions only: the first that has
 * a partner.
 */
function mergeAlternatives(clauses: Clause[], bounds: Bounds): Clause[] {
  if (clauses.length < 2) return clauses;
  interface Group {
    owner: number;
    li: number;
    members: { ci: number; li: number }[];
  }
  const groups = new Map<string, Group[]>();
  const merged = new Set<number>();
  const sameRest = (a: { ci: number; li: number }, b: { ci: number; li: number }): boolean => {
    const ca = clauses[a.ci]!;
    const cb = clauses[b.ci]!;
    return setSig(ca.push.filter((_, j) => j !== a.li)) === setSig(cb.push.filter((_, j) => j !== b.li)) && setSig(ca.local) === setSig(cb.local);
  };
  clauses.forEach((c, ci) => {
    const candidates: { li: number; key: string }[] = [];
    let pushInfo: ReturnType<typeof setHash> | undefined;
    let localHash: number | undefined;
    c.push.forEach((p, li) => {
      if (!MERGEABLE.has(p.filter.operator)) return;
      pushInfo ??= setHash(c.push, bounds.weights);
      localHash ??= setHash(c.local, bounds.weights).hash;
      const rest = pushInfo.counts.get(p.sig)! > 1 ? pushInfo.hash : pushInfo.hash ^ weightOf(bounds.weights, p.sig);
      candidates.push({ li, key: `${rest}:${localHash}:${p.filter.item}` });
    });
    for (const { li, key } of candidates) {
      const group = groups.get(key)?.find((g) => sameRest(g.members[0]!, { ci, li }));
      if (group === undefined) continue;
      group.members.push({ ci, li });
      merged.add(ci);
      return;
    }
    for (const { li, key } of candidates) {
      const group = { owner: ci, li, members: [{ ci, li }] };
      const same = groups.get(key);
      if (same === undefined) groups.set(key, [group]);
      else same.push(group);
    }
  });
  if (merged.size === 0) return clauses;
  // An owner belongs to the first of its groups that took a member; its other groups are void.
  const taken = new Map<number, Group>();
  for (const group of [...groups.values()].flat()) {
    if (group.members.length < 2) continue;
    const other = taken.get(group.owner);
    if (other === undefined) taken.set(group.owner, group);
    else {
      // The owner merges on one condition only: the members of its other group stay clauses of their own.
      for (const m of group.members.slice(1)) merged.delete(m.ci);
    }
  }
  const out: Clause[] = [];
  clauses.forEach((c, ci) => {
    if (merged.has(ci)) return;
    const group = taken.get(ci);
    if (group === undefined) return void out.push(c);
    const alternatives = group.members.map((m) => clauses[m.ci]!.push[m.li]!);
    // A clause written twice is kept once as written; only a lone `a = 1 or a = 1` is written `a in 1`, as compileList writes it.
    if (c.push.length + c.local.length > 1 && alternatives.every((p) => p.sig === alternatives[0]!.sig)) return void out.push(c);
    const fewest = fewestConditions(
      alternatives.map((p) => p.filter),
      bounds.maxInValues,
    );
    if (fewest === null) {
      for (const m of group.members) out.push(clauses[m.ci]!);
      return;
    }
    for (const f of fewest) {
      const push = c.push.slice();
      push[group.li] = alternatives.find((p) => p.filter === f) ?? pushed(f);
      out.push({ ...c, push });
    }
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
      const residual = orNode(absorb(options).map((o) => andNode(o.map((l) => literalNode(l, span)), span)), span);
      return { ...k.c, local: [local(residual)] };
    });
}

/**
 * Alternatives of a residual without those another makes redundant: `X or
 * X and Y` is `X`, and a repeat is dropped. Distributing a local condition
 * over clauses that fold together gives exactly such residuals
 * (`not c < 1 or d = 1 and not c < 1`). Smallest first, so a kept one is
 * never absorbed later.
 */
function absorb(options: (readonly Literal[])[]): (readonly Literal[])[] {
  const sets = options.map((o, i) => ({ o, i, sigs: new Set(o.map((l) => l.sig)) })).sort((x, y) => x.sigs.size - y.sigs.size || x.i - y.i);
  const kept: typeof sets = [];
  for (const entry of sets) {
    if (kept.some((k) => [...k.sigs].every((s) => entry.sigs.has(s)))) continue;
    kept.push(entry);
  }
  return kept.sort((x, y) => x.i - y.i).map((k) => k.o);
}
