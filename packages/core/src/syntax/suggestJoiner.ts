// "Did you mean 'and'?" for a misspelt keyword after a whole condition, where
// only 'and', 'or' or the end can come. Apart from parserMessages.ts (whose
// texts change on their own), which calls it in one place.

const JOINERS = ["and", "or"] as const;

/**
 * Edit distance with a swap of two neighbouring letters counted as one edit
 * (optimal string alignment): `adn` is one edit from `and`, as a person sees it.
 */
function editsApart(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The keyword a word one edit from `and` or `or` meant (`adn`, `nad`, `an`,
 * `andd`, `ro`, `orr`), ignoring case; undefined for any other word.
 */
export function suggestJoiner(word: string): "and" | "or" | undefined {
  const lower = word.toLowerCase();
  if (lower.length > 4) return undefined;
  return JOINERS.find((joiner) => editsApart(lower, joiner) === 1);
}
