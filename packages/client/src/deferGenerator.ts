/**
 * An async generator that calls `start` on its first next(), so a bad
 * argument surfaces there as it would from a generator's body, and from
 * then on hands every call straight to the generator `start` returned.
 * A wrapping async generator with `yield*` would do the same at the cost of
 * an await per item per layer: with findAll's two wrappers that was about
 * two thirds of the client's own time for a page of 100 items.
 */
export function deferGenerator<T, R>(start: () => AsyncGenerator<T, R, undefined>): AsyncGenerator<T, R, undefined> {
  let inner: AsyncGenerator<T, R, undefined> | undefined;
  // Set when start threw, or when return() or throw() came first: the generator is over, as a real one would be.
  let over = false;
  const self: AsyncGenerator<T, R, undefined> = {
    next() {
      if (inner !== undefined) return inner.next();
      if (over) return Promise.resolve({ done: true, value: undefined as R });
      try {
        inner = start();
      } catch (error) {
        over = true;
        return Promise.reject(error);
      }
      return inner.next();
    },
    return(value) {
      if (inner !== undefined) return inner.return(value);
      over = true;
      return Promise.resolve(value).then((v) => ({ done: true, value: v }));
    },
    throw(error) {
      if (inner !== undefined) return inner.throw(error);
      over = true;
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return self;
    },
  };
  return self;
}
