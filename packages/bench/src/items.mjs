/**
 * Deterministic items for the evaluation figure. Every attribute the typical
 * filter tests is present with one type, so the three evaluators' differing
 * rules for missing or mistyped attributes cannot make them disagree.
 */

/** mulberry32: small, fast, and the same sequence on every machine. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function letters(next, alphabet, min, max) {
  const n = min + Math.floor(next() * (max - min + 1));
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
  return s;
}

export function generateItems(count, seed = 6) {
  const next = random(seed);
  const items = new Array(count);
  for (let i = 0; i < count; i++) {
    items[i] = {
      id: `item-${i}`,
      // Half start with "ab" so the filters after the first one are reached often.
      name: (next() < 0.5 ? "ab" : "") + letters(next, "abcd", 1, 5),
      score: Math.floor(next() * 10),
      status: "abcde"[Math.floor(next() * 5)],
      tags: letters(next, "wxyz", 0, 3),
      age: Math.floor(next() * 100),
      region: ["eu", "us", "ap"][i % 3],
    };
  }
  return items;
}
