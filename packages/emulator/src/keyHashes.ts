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

  /**
   * Every hash added, in order, as the blocks that hold them (the last cut
   * to what it holds): no copy of them all, and a worker thread can hand
   * their buffers over without cloning them (packages/bench figure 12b).
   */
  blocks(): Float64Array[] {
    const last = this.#blocks.length - 1;
    return this.#blocks.map((block, i) => (i === last ? block.subarray(0, this.#used) : block));
  }
}

/**
 * The hashes of the lists in ascending order, as one new array: bucketed by their top 16
 * bits (a counting sort), then each bucket sorted on its own, which for a
 * million hashes takes about two thirds of the time of one sort of them all,
 * even run once, before the code is optimized (issue 44, packages/bench
 * figure 12c). Each range of a data file sorts its own, in its own thread,
 * so only their merge (repeatedHashes) is left to the thread that reads the
 * first range.
 */
export function sortHashes(lists: readonly Float64Array[]): Float64Array {
  const starts = new Uint32Array(BUCKETS + 1);
  for (const list of lists) for (let i = 0; i < list.length; i++) starts[bucketOf(list[i]!) + 1]!++;
  for (let b = 0; b < BUCKETS; b++) starts[b + 1]! += starts[b]!;
  const next = starts.slice(0, BUCKETS);
  const all = new Float64Array(starts[BUCKETS]!);
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const hash = list[i]!;
      all[next[bucketOf(hash)]!++] = hash;
    }
  }
  for (let b = 0; b < BUCKETS; b++) if (starts[b + 1]! - starts[b]! > 1) sortRange(all, starts[b]!, starts[b + 1]!);
  return all;
}

/**
 * The hashes that occur more than once across the lists, each in ascending
 * order (sortHashes): every key that occurs twice has its hash here (and an
 * unlucky distinct key may too), so an empty set proves the keys distinct.
 * One walk of the lists merged, a comparison per list per hash.
 */
export function repeatedHashes(sorted: readonly Float64Array[]): Set<number> {
  const repeated = new Set<number>();
  const lists = sorted.filter((list) => list.length > 0);
  const at = new Uint32Array(lists.length);
  let previous = -1;
  for (;;) {
    let least = -1;
    for (let k = 0; k < lists.length; k++) if (at[k]! < lists[k]!.length && (least < 0 || lists[k]![at[k]!]! < lists[least]![at[least]!]!)) least = k;
    if (least < 0) return repeated;
    const hash = lists[least]![at[least]!++]!;
    // A hash is at least 0, so -1 matches nothing.
    if (hash === previous) repeated.add(hash);
    previous = hash;
  }
}

const BUCKETS = 1 << 16;
/** 2^37: a hash is below 2^53, so dividing by this leaves its top 16 bits. */
const BUCKET_WIDTH = 2 ** 37;

function bucketOf(hash: number): number {
  // Below 2^16, so truncating to an int32 is the floor.
  return (hash / BUCKET_WIDTH) | 0;
}

/**
 * Sorts all[from, to) ascending: by insertion while it is short (a bucket
 * holds about 16 of a million hashes), else as a typed array (numerically,
 * in place, no comparator calls), so that keys made to share a bucket cost
 * n log n, not n².
 */
function sortRange(all: Float64Array, from: number, to: number): void {
  if (to - from > 32) {
    all.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const hash = all[i]!;
    let j = i - 1;
    while (j >= from && all[j]! > hash) {
      all[j + 1] = all[j]!;
      j--;
    }
    all[j + 1] = hash;
  }
}
