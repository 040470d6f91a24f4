import { compareInDirection, orderRank, orderValue, type OrderBy } from "../semantics/orderBy.js";

/**
 * The run-time half of an ordered plan (grammar/planning.md, Order), shared
 * by the service client and the DynamoDB runner: each request read in order
 * becomes a stream in the full order, the streams are merged (a k-way merge
 * that reads each only as far as it is asked), and what no target reads in
 * order is sorted locally within a bound (sortStage.ts).
 */

/**
 * A request's items, which come in order of their order value (ties in any
 * order, as a global index gives them), as a stream in the full item order:
 * each run of equal values is sorted by `compare` (the keys break its ties),
 * and items of the last kind (no value, or not a number, string or binary;
 * a whole-partition read gives the one item without a secondary key first)
 * are held aside and come at the end, as the order puts them. A value that
 * goes back is the store breaking its own order: `disorder` says what to throw.
 */
export async function* inOrderStream<T>(source: AsyncIterable<T>, order: OrderBy, compare: (a: T, b: T) => number, disorder: () => Error): AsyncGenerator<T, void, undefined> {
  const last: T[] = [];
  let run: T[] = [];
  let runValue: unknown;
  for await (const item of source) {
    const value = orderValue(order, item);
    if (orderRank(value) === 3) {
      last.push(item);
      continue;
    }
    if (run.length > 0) {
      const c = compareInDirection(order, runValue, value);
      if (c > 0) throw disorder();
      if (c < 0) {
        yield* run.length === 1 ? run : run.sort(compare);
        run = [];
      }
    }
    if (run.length === 0) runValue = value;
    run.push(item);
  }
  yield* run.length === 1 ? run : run.sort(compare);
  yield* last.sort(compare);
}

interface Head<T> {
  item: T;
  stream: number;
}

/**
 * The streams merged in order, each item once: a stream is read one item
 * past what was handed out (its head), so a caller that stops after n items
 * has read n + k items of k streams. Items equal by `compare` (which is zero
 * only for the same item) are one item read by two requests: the first is
 * handed out. The heads are first asked for together, so the streams' first
 * pages are fetched at once.
 */
export async function* mergeOrdered<T>(streams: readonly AsyncIterator<T, unknown, undefined>[], compare: (a: T, b: T) => number): AsyncGenerator<T, void, undefined> {
  const heap: Head<T>[] = [];
  const less = (a: Head<T>, b: Head<T>): boolean => {
    const c = compare(a.item, b.item);
    return c < 0 || (c === 0 && a.stream < b.stream);
  };
  const push = (head: Head<T>): void => {
    heap.push(head);
    let i = heap.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!less(heap[i]!, heap[up]!)) break;
      [heap[i], heap[up]] = [heap[up]!, heap[i]!];
      i = up;
    }
  };
  const pop = (): Head<T> => {
    const top = heap[0]!;
    const end = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = end;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  };
  const firsts = await Promise.allSettled(streams.map((s) => s.next()));
  const failed = firsts.find((r) => r.status === "rejected");
  if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
  firsts.forEach((r, stream) => {
    const step = (r as PromiseFulfilledResult<IteratorResult<T, unknown>>).value;
    if (step.done !== true) push({ item: step.value, stream });
  });
  let previous: { item: T } | undefined;
  while (heap.length > 0) {
    const head = pop();
    if (previous === undefined || compare(previous.item, head.item) !== 0) {
      previous = { item: head.item };
      // Handed out before the stream is read further: a caller that stops here reads no page more.
      yield head.item;
    }
    const step = await streams[head.stream]!.next();
    if (step.done !== true) push({ item: step.value, stream: head.stream });
  }
}
