import type { AttributeValue } from "@aws-sdk/client-dynamodb";

export interface Page {
  Items?: Record<string, AttributeValue>[];
  LastEvaluatedKey?: Record<string, AttributeValue>;
  ScannedCount?: number;
  /** Items matched, the whole answer of a `Select: "COUNT"` page. */
  Count?: number;
}

/** Fetches one page: of `segment` when the Scan is split, from `start`; `signal` ends it when the run ends. */
export type FetchPage = (start: Record<string, AttributeValue> | undefined, signal: AbortSignal | undefined, segment: number | undefined) => Promise<Page>;

/**
 * Every page of one request. A Scan in `segments` > 1 runs its segments in
 * parallel, one page in flight per segment, and gives pages out as they come
 * (segments are disjoint, so each item comes once). The first error, the
 * caller's abort, or the consumer stopping (a limit) aborts every segment's
 * request in flight; their failures after that are not the run's.
 */
export async function* requestPages(fetch: FetchPage, segments: number, signal: AbortSignal | undefined): AsyncGenerator<Page, void, undefined> {
  if (segments <= 1) {
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await fetch(start, signal, undefined);
      yield page;
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    return;
  }
  const stop = new AbortController();
  const both = signal === undefined ? stop.signal : AbortSignal.any([signal, stop.signal]);
  const inFlight = new Map<number, Promise<{ segment: number; page: Page }>>();
  const next = (segment: number, start: Record<string, AttributeValue> | undefined): void => {
    const sent = fetch(start, both, segment).then((page) => ({ segment, page }));
    // A segment that fails after another ended the run is not reported (the race below reads the first).
    sent.catch(() => undefined);
    inFlight.set(segment, sent);
  };
  for (let segment = 0; segment < segments; segment++) next(segment, undefined);
  try {
    while (inFlight.size > 0) {
      const { segment, page } = await Promise.race(inFlight.values());
      inFlight.delete(segment);
      if (page.LastEvaluatedKey !== undefined) next(segment, page.LastEvaluatedKey);
      yield page;
    }
  } finally {
    stop.abort(new Error("the run ended"));
  }
}
