import { FilterError } from "../messages/errors.js";
import { fewestConditions } from "./alternatives.js";
import type { Span } from "../messages/location.js";
import { andNode, literalNode, local, orNode, pushed, termNode, type Literal, type Local, type Pushed, type Term } from "./terms.js";
import { renderMessage } from "../messages/renderMessage.js";
import { pairStringRanges } from "./stringRanges.js";

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
    case "and":
      // Paired here, before an `or` above sees a clause the service cannot narrow and reads every item.
      return conjunction(term, bounds).map(pairStringRanges);
    case "or":
      return disjunction(term, bounds);
  }
}

/**
 * An `and` in disjunctive form. The operands that are one clause (plain
 * conditions, mostly) are the same in every clause of the result, so they
 * are kept aside as `fixed`, once, and only the operands of several clauses
 * are distributed; `fixed` joins each clause at the end, and the conditions
 * are put back in the order of the text. A clause of `running` holds no
 * condition `fixed` has: with the same conditions added to every clause,
 * which clause covers which, and which merge, are decided on the rest
 * alone. So a conjunction of n conditions costs O(n), not O(n^2) (issue 17),
 * and 200 conditions and two 16-way `or`s cost 16 x 16 small clauses, not
 * 256 clauses of 200 conditions each.
 *
 * Distributing repeats conditions (`(a or b) and (a or c)` gives `a and a`):
 * those repeats are dropped. A condition written twice in a conjunction
 * without an `or` to distribute is kept, as compileList keeps it.
 */
function conjunction(term: { readonly operands: Term[]; readonly span: Span }, bounds: Bounds): Clause[] {
  const fixed: { push: Pushed[]; local: Local[] } = { push: [], local: [] };
  const fixedSigs = new Set<string>();
  let running: Clause[] | null = null;
  for (const operand of term.operands) {
    const next = clausesOf(operand, bounds);
    if (next.length === 1) {
      const only = next[0]!;
      const fresh = (l: Literal): boolean => running === null || !fixedSigs.has(l.sig);
      fixed.push.push(...only.push.filter(fresh));
      fixed.local.push(...only.local.filter(fresh));
      for (const l of [...only.push, ...only.local]) fixedSigs.add(l.sig);
      // The running clauses drop what is now fixed; the conditions they lose are in every clause anyway.
      if (running !== null) {
        const before = running;
        running = running.map((c) => without(c, fixedSigs));
        if (running.some((c, i) => c !== before[i])) {
          const simpler = simplify(running, bounds);
          if (simpler === null) throw tooLarge(operand.span, bounds.maxRequests);
          running = simpler;
        }
      }
      continue;
    }
    const stripped = next.map((c) => without(c, fixedSigs));
    if (running === null) {
      const simpler = simplify(stripped, bounds);
      if (simpler === null) throw tooLarge(operand.span, bounds.maxRequests);
      running = simpler;
      continue;
    }
    const sigsOf = running.map((a) => new Set([...a.push, ...a.local].map((l) => l.sig)));
    // When every clause so far already has all the conditions of some clause of this operand, the
    // operand adds nothing (`X and X`, `(a or b) and c and (a or b or d)`): skip the product, which
    // would only make clauses that fold back into these.
    const within = (b: Clause, has: Set<string>): boolean => b.push.every((l) => has.has(l.sig)) && b.local.every((l) => has.has(l.sig));
    if (sigsOf.every((has) => stripped.some((b) => within(b, has)))) continue;
    const product: Clause[] = [];
    running.forEach((a, i) => {
      for (const b of stripped) product.push(conjoin(a, b, sigsOf[i]!));
    });
    const simpler = simplify(product, bounds);
    if (simpler === null) throw tooLarge(operand.span, bounds.maxRequests);
    running = simpler;
  }
  if (running === null) return [{ push: fixed.push, local: fixed.local, span: term.span }];
  const bySeq = (x: Literal, y: Literal): number => x.seq - y.seq;
  return running.map((c) => ({ push: [...fixed.push, ...c.push].sort(bySeq), local: [...fixed.local, ...c.local].sort(bySeq), span: term.span }));
}

/** The clause without the conditions `sigs` names; the clause itself when it has none of them. */
function without(c: Clause, sigs: Set<string>): Clause {
  if (sigs.size === 0 || (!c.push.some((l) => sigs.has(l.sig)) && !c.local.some((l) => sigs.has(l.sig)))) return c;
  return { push: c.push.filter((l) => !sigs.has(l.sig)), local: c.local.filter((l) => !sigs.has(l.sig)), span: c.span };
}

/** `a and b`; with `has` (the signatures of a's conditions), b's conditions that a already has are left out. */
function conjoin(a: Clause, b: Clause, has: Set<string> | undefined): Clause {
  if (has === undefined) return { push: [...a.push, ...b.push], local: [...a.local, ...b.local], span: a.span };
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
  // Simplified only when the clauses so far pass the bound (to see whether they shrink back under it,
  // and to point at the alternative where they do not), and once at the end: a simplification per
  // alternative made a 16-way `or` cost 16 of them.
  let all: Clause[] = [];
  let simple = true;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    if (p instanceof FilterError) throw p;
    all = all.concat(p);
    if (i > 0) simple = false;
    if (all.length <= bounds.maxRequests) continue;
    const simpler = simplify(all, bounds);
    if (simpler === null) {
      const from = term.operands[i]!.span;
      throw tooLarge({ start: from.start, end: term.span.end }, bounds.maxRequests);
    }
    all = simpler;
    simple = true;
  }
  if (simple) return all;
  return simplify(all, bounds)!;
}

/**
 * What overflowed is alternatives that could not merge: equalities on one attribute already
 * have (into 'in'), so advice to write 'in' would be wrong for the rest ('beginsWith' ones, or
 * alternatives on different attributes), which only fewer alternatives or a larger bound help.
 */
function tooLarge(span: Span, maxRequests: number): FilterError {
  return new FilterError([
    {
      code: "E_PLAN_TOO_LARGE",
      message: renderMessage("E_PLAN_TOO_LARGE", { limit: maxRequests }),
      hint: "raise maxRequests to allow more requests per filter",
      params: { limit: maxRequests },
      span,
    },
  ]);
}

/** Merges then folds; both keep the clauses' meaning exactly. Null when more than maxRequests clauses remain. */
function simplify(clauses: Clause[], bounds: Bounds): Clause[] | null {
  return fold(mergeAlternatives(clauses, bounds), bounds.maxRequests);
}


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
 *
 * Time: linear in the clauses' conditions (plus the merges made). A
 * condition every clause has cannot be the one two clauses differ in, so
 * only the others are tried, and each try is a hash lookup, confirmed on
 * the sets themselves only when the hashes agree.
 */
function mergeAlternatives(clauses: Clause[], bounds: Bounds): Clause[] {
  if (clauses.length < 2) return clauses;
  const infos = clauses.map((c) => ({ push: setHash(c.push, bounds.weights), local: setHash(c.local, bounds.weights) }));
  const everywhere = new Map<string, number>();
  infos.forEach((info) => {
    for (const sig of info.push.counts.keys()) everywhere.set(sig, (everywhere.get(sig) ?? 0) + 1);
  });
  interface Group {
    owner: number;
    li: number;
    members: { ci: number; li: number }[];
  }
  const sameSet = (a: Map<string, number>, b: Map<string, number>, dropA: string | undefined, dropB: string | undefined): boolean => {
    const size = (m: Map<string, number>, drop: string | undefined): number => m.size - (drop !== undefined && m.get(drop) === 1 ? 1 : 0);
    if (size(a, dropA) !== size(b, dropB)) return false;
    for (const sig of a.keys()) {
      if (sig === dropA && a.get(sig) === 1) continue;
      if (!b.has(sig) || (sig === dropB && b.get(sig) === 1)) return false;
    }
    return true;
  };
  const sameRest = (a: { ci: number; li: number }, b: { ci: number; li: number }): boolean => {
    const ia = infos[a.ci]!;
    const ib = infos[b.ci]!;
    return sameSet(ia.local.counts, ib.local.counts, undefined, undefined) && sameSet(ia.push.counts, ib.push.counts, clauses[a.ci]!.push[a.li]!.sig, clauses[b.ci]!.push[b.li]!.sig);
  };
  const groups = new Map<string, Group[]>();
  const merged = new Set<number>();
  clauses.forEach((c, ci) => {
    const info = infos[ci]!;
    const candidates: { li: number; key: string }[] = [];
    c.push.forEach((p, li) => {
      // (Except in a clause of one condition: `a = 1 or a = 1` is compileList's `a in 1`.)
      if (!MERGEABLE.has(p.filter.operator) || (everywhere.get(p.sig) === clauses.length && c.push.length + c.local.length > 1)) return;
      const rest = info.push.counts.get(p.sig)! > 1 ? info.push.hash : info.push.hash ^ weightOf(bounds.weights, p.sig);
      candidates.push({ li, key: `${rest}:${info.local.hash}:${p.filter.item}` });
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
  // An owner belongs to the first of its groups that took a member; the members of its other groups stay clauses of their own.
  const taken = new Map<number, Group>();
  for (const same of groups.values()) {
    for (const group of same) {
      if (group.members.length < 2) continue;
      if (!taken.has(group.owner)) taken.set(group.owner, group);
      else for (const m of group.members.slice(1)) merged.delete(m.ci);
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
      push[group.li] = alternatives.find((p) => p.filter === f) ?? pushed(f, c.push[group.li]!.seq);
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
  const kept: { c: Clause; i: number; sigs: Set<string>; list: string[]; alternatives: Literal[][] }[] = [];
  for (const entry of order) {
    const host = kept.find((k) => k.list.every((s) => entry.sigs.has(s)));
    if (host === undefined) {
      // Clauses come smallest first, so one that is kept can never be folded later: past the bound, stop.
      if (kept.push({ ...entry, list: [...entry.sigs], alternatives: [] }) > maxRequests) return null;
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
