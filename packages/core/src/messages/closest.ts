// "Did you mean": the nearest of some names to a misspelt one. Kept apart from
// the parser's messages, which import chevrotain, so that code needing only
// this (schema checks, filter-JSON validation, and so `matches`) bundles none.

/** A word as did-you-mean compares it: case, underscores, hyphens and spaces ignored. */
export function normaliseWord(word: string): string {
  return word.toLowerCase().replace(/[_\-\s]/g, "");
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** Closest candidates by edit distance (at most 2, or 1 for short words), best first. */
export function closest(word: string, candidates: Iterable<string>): string[] {
  const w = normaliseWord(word);
  const max = w.length <= 3 ? 1 : 2;
  const scored: [string, number][] = [];
  for (const c of candidates) {
    const d = distance(w, normaliseWord(c));
    if (d <= max) scored.push([c, d]);
  }
  return scored.sort((x, y) => x[1] - y[1]).map(([c]) => c);
}
