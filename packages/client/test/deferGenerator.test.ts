import { describe, expect, it } from "vitest";
import { deferGenerator } from "../src/deferGenerator.js";

async function* numbers(): AsyncGenerator<number, string, undefined> {
  yield 1;
  yield 2;
  return "end";
}

describe("deferGenerator", () => {
  it("hands out the inner generator's items and return value", async () => {
    const g = deferGenerator(numbers);
    expect(await g.next()).toEqual({ done: false, value: 1 });
    expect(await g.next()).toEqual({ done: false, value: 2 });
    expect(await g.next()).toEqual({ done: true, value: "end" });
    const seen: number[] = [];
    for await (const n of deferGenerator(numbers)) seen.push(n);
    expect(seen).toEqual([1, 2]);
  });

  it("starts on the first next(), and an error in start rejects it, then the generator is over", async () => {
    let started = 0;
    const g = deferGenerator<number, string>(() => {
      started++;
      throw new TypeError("bad argument");
    });
    expect(started).toBe(0);
    await expect(g.next()).rejects.toThrow("bad argument");
    expect(await g.next()).toEqual({ done: true, value: undefined });
    expect(started).toBe(1);
  });

  it("return() or throw() before the first next() ends it without starting", async () => {
    let started = 0;
    const start = (): AsyncGenerator<number, string, undefined> => {
      started++;
      return numbers();
    };
    const a = deferGenerator(start);
    expect(await a.return("early")).toEqual({ done: true, value: "early" });
    expect(await a.next()).toEqual({ done: true, value: undefined });
    const b = deferGenerator(start);
    await expect(b.throw(new Error("stop"))).rejects.toThrow("stop");
    expect(await b.next()).toEqual({ done: true, value: undefined });
    expect(started).toBe(0);
  });

  it("passes return() to the inner generator once started, which runs its finally", async () => {
    let cleaned = false;
    const g = deferGenerator(async function* () {
      try {
        yield 1;
        yield 2;
      } finally {
        cleaned = true;
      }
    });
    expect(await g.next()).toEqual({ done: false, value: 1 });
    expect(await g.return(undefined)).toEqual({ done: true, value: undefined });
    expect(cleaned).toBe(true);
  });
});
