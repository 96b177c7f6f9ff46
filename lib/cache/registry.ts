import { LruCache } from "./lru";

/**
 * Every cache the process keeps across requests, registered with its bound, what makes an entry
 * stale, and why it earns its place: the per-call CPU it saves, measured with it switched off
 * (docs/performance.md, "Caches"). A cache is made with `createCache(name)`; nothing else in the
 * code keeps data between requests.
 *
 * `DESK_CACHE_OFF=name,name` makes those caches hold nothing: the measurement's switch, never
 * set in production.
 */
export const CACHES = {
  listCounts: {
    bound: 10_000,
    holds: "the row count of a filtered list (lib/db/page.ts)",
    staleWhen: "its change counter moved (the team's for a team's list, else the table's)",
  },
  pageStarts: {
    bound: 10_000,
    holds: "where page N of a list starts: its first row's sort value and id (lib/db/page.ts)",
    staleWhen: "its change counter moved",
  },
  facetCounts: {
    bound: 2_000,
    holds: "a filter popover's counts by value (lib/db/facets.ts)",
    staleWhen: "its change counter moved",
  },
  answeredPages: {
    bound: 10_000,
    holds: "how a list page was last answered: its ETag and counters (lib/http/list-response.ts)",
    staleWhen: "any counter the page depends on moved",
  },
  keptAnswers: {
    bound: 500,
    holds: "the body of a page of a list that keeps its answers, the market's tape (lib/http/list-response.ts)",
    staleWhen: "any counter the page depends on moved",
  },
  books: {
    bound: 128,
    holds: "a company's whole open order book, each entry's JSON for its own team and for others (lib/market/queries.ts)",
    staleWhen: "the indications or auth counter moved",
  },
  bookViews: {
    bound: 64,
    holds: "per book: what one viewer (team, e-mail, depth) is shown of it",
    staleWhen: "its book is replaced",
  },
  tapeSummaries: {
    bound: 10_000,
    holds: "a company's tape summary for a UTC day (lib/market/summary.ts)",
    staleWhen: "the trades counter moved, or the day changed",
  },
  sqliteStatements: {
    bound: 256,
    holds: "prepared SQLite statements by SQL text (lib/db/driver.ts)",
    staleWhen: "never: a statement's text is its meaning",
  },
  signInThrottles: {
    bound: 10_000,
    holds: "when a throttled account's or address's sign-in throttle ends (lib/auth/throttle.ts)",
    staleWhen: "never before it ends: failures only add up",
  },
} as const satisfies Record<string, { bound: number; holds: string; staleWhen: string }>;

export type CacheName = keyof typeof CACHES;

function switchedOff(): Set<string> {
  return new Set((process.env.DESK_CACHE_OFF ?? "").split(",").map((name) => name.trim()).filter(Boolean));
}

/** A new cache of the registered kind: bounded, least recently used evicted first. */
export function createCache<K, V>(name: CacheName): LruCache<K, V> {
  return new LruCache<K, V>(switchedOff().has(name) ? 0 : CACHES[name].bound);
}
