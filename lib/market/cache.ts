import { marketCaches } from "desk-process-state";
import type { Engine } from "../db/engine";
import { createCache } from "../cache/registry";
import type { LruCache } from "../cache/lru";
import type { TradeSummary } from "./schema";
import type { BookVisibility } from "../domain/book-visibility";

/**
 * What the market view keeps between requests, per engine (so a test's own database never sees
 * another's): facts about a company's rows, each with the change counters (`table_versions`) it
 * was read at. A request reads the current counters with its own statement and uses a fact only
 * when it was read at those counters or later, so a write from any process shows on the very next call
 * (docs/performance-decisions.md, "Market view caches").
 */
interface MarketCache {
  /** Every open entry of a company's book, by company (lib/market/queries.ts). */
  books: LruCache<string, CachedBook>;
  /** Book loads under way, by company: concurrent requests after a write share one. */
  loading: Map<string, Promise<CachedBook>>;
  /** The tape's summary by company and UTC day (lib/market/summary.ts). */
  summaries: LruCache<string, { version: string; summary: TradeSummary }>;
}

/** An open entry of the book, as every viewer may be shown it. */
export interface CachedEntry extends BookVisibility {
  /** The stored price (fixed-width text: compares and converts exactly). */
  price: string;
  /** Its JSON as its own team sees it, and as everyone else allowed to know it does. */
  own: string;
  others: string;
}

export interface CachedSide {
  /** In the book's order: best price first, then oldest, then id. */
  entries: CachedEntry[];
  /** The private ones among them (counted per viewer), and how many are not private. */
  privates: CachedEntry[];
  shared: number;
}

export interface CachedBook {
  /** The counters it was read at: indications, auth (the teams' names). */
  version: string;
  bid: CachedSide;
  offer: CachedSide;
  /** What a viewer (team, e-mail, depth) was shown of it: the JSON after the company. */
  views: LruCache<string, string>;
}

// In server/process-state, as the engines' state is (lib/db/client.ts): Next.js bundles this module
// once per layer (route handlers, server components), and every copy must find the one cache.
const caches = marketCaches as WeakMap<Engine, MarketCache>;

export function marketCache(engine: Engine): MarketCache {
  let cache = caches.get(engine);
  if (!cache) caches.set(engine, (cache = { books: createCache("market.books"), loading: new Map(), summaries: createCache("market.tapeSummaries") }));
  return cache;
}

/**
 * Whether a fact read at counters `held` is still good for a request that read `seen` (the same
 * counters, joined by "."): counters only grow, so a fact read at the same or later counters
 * reflects every write the request could know of.
 */
export function covers(held: string, seen: string): boolean {
  const a = held.split(".");
  const b = seen.split(".");
  return a.length === b.length && a.every((v, i) => BigInt(v) >= BigInt(b[i]));
}
