import type { KeyValue } from "./keyValues.js";

/**
 * A 53-bit hash of a key, equal for keys that compare equal (it hashes
 * what keyToken names a key by, without making that string: the type, then
 * one text per key, 0 and -0 alike, an ExactNumber by its digits). Two 32-bit FNV-1a style hashes with different primes make its
 * high and low bits, so a million distinct keys meet a collision about once
 * in ten thousand files; a collision only costs a second look, never a wrong answer.
 */
export function hashKey(value: KeyValue): number {
  const isString = typeof value === "string";
  const text = isString ? value : value === 0 ? "0" : String(value);
  let a = isString ? 0x811c9dc5 : 0x050c5d1f;
  let b = isString ? 0x9747b28c : 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 11) * 0x100000000 + (b >>> 0);
}

/** Hashes kept in blocks of this many: a long file grows by blocks, never by copying what it holds. */
const BLOCK = 1 << 16;

/**
 * The hashes of a range's keys, 8 bytes a key, in typed arrays: what a file
 * needs to be checked for duplicate keys without holding the keys (or being
 * read again), and what a worker thread sends back without a walk per key.
 */
export class KeyHashList {
  readonly #blocks: Float64Array[] = [];
  #used = BLOCK;

  add(value: KeyValue): void {
    if (this.#used === BLOCK) {
      this.#blocks.push(new Float64Array(BLOCK));
      this.#used = 0;
    }
    this.#blocks[this.#blocks.length - 1]![this.#used++] = hashKey(value);
  }

  /** Every hash added, in order, in one array of exactly that length. */
  toArray(): Float64Array {
    const count = this.#blocks.length === 0 ? 0 : (this.#blocks.length - 1) * BLOCK + this.#used;
    const all = new Float64Array(count);
    this.#blocks.forEach((block, i) => all.set(i === this.#blocks.length - 1 ? block.subarray(0, this.#used) : block, i * BLOCK));
    return all;
  }
}

/**
 * The hashes that occur more than once across the lists: every key that
 * occurs twice has its hash here (and an unlucky distinct key may too), so
 * an empty set proves the keys distinct.
 */
export function repeatedHashes(lists: readonly Float64Array[]): Set<number> {
  const all = new Float64Array(lists.reduce((n, list) => n + list.length, 0));
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  // A typed array sorts numerically, in place, with no comparator calls.
  all.sort();
  const repeated = new Set<number>();
  for (let i = 1; i < all.length; i++) if (all[i] === all[i - 1]) repeated.add(all[i]!);
  return repeated;
}
