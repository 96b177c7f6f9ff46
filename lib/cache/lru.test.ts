import { afterEach, describe, expect, it, vi } from "vitest";
import { LruCache } from "./lru";
import { createCache } from "./registry";

describe("LruCache", () => {
  it("evicts the least recently used entry past its bound", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the most recently used
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
  });
});

describe("createCache", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("holds up to the registered bound", () => {
    const cache = createCache<number, number>("market.bookViews");
    for (let i = 0; i < 65; i++) cache.set(i, i);
    expect(cache.get(0)).toBeUndefined();
    expect(cache.get(1)).toBe(1);
    expect(cache.get(64)).toBe(64);
  });

  it("holds nothing when DESK_CACHE_OFF names it (the measurement's switch)", () => {
    vi.stubEnv("DESK_CACHE_OFF", "listFacts, market.bookViews");
    const off = createCache<string, number>("market.bookViews");
    off.set("a", 1);
    expect(off.get("a")).toBeUndefined();
    const on = createCache<string, number>("market.books");
    const wholeCache = createCache<string, number>("listFacts.counts");
    wholeCache.set("a", 1);
    expect(wholeCache.get("a")).toBeUndefined();
    on.set("a", 1);
    expect(on.get("a")).toBe(1);
  });
});
