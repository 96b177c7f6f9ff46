import { LruCache } from "./lru";

/**
 * Every cache the process keeps across requests, in one register: four caches of data, each with
 * one rule for when an entry is stale, made of parts with their own bounds; and the driver's
 * prepared and compiled statements, which hold no data. Each part says what it saves: the per-call CPU of the
 * read that uses it with the part switched off, medians of 5 alternating runs on the large SQLite
 * data set (docs/performance-decisions.md, "Caches"). A cache is made with `createCache("<cache>.<part>")`;
 * nothing else in the code keeps data between requests.
 *
 * `DESK_CACHE_OFF=<cache or part>,…` makes those hold nothing: the measurement's switch, never set
 * in production.
 */
const CACHES = {
  /** What the page engine learnt about a list (lib/db/page.ts, lib/db/facets.ts). */
  listFacts: {
    staleWhen: "the list's change counter moved: the team's for a team's list, else the table's (database triggers)",
    parts: {
      counts: { bound: 10_000, holds: "the row count of a filtered list", saves: "9 % of a filtered /my/trades, 33 % of /companies?q=north" },
      starts: { bound: 10_000, holds: "where page N of a list starts: its first row's sort value and id", saves: "70 % of /my/trades?page=1000" },
      facets: { bound: 2_000, holds: "a filter popover's counts by value", saves: "1.6 s of 1.6 s: a table page's facets" },
    },
  },
  /** The bodies of list pages read alike by every caller (lib/http/list-response.ts). */
  answeredPages: {
    staleWhen: "any change counter the page or read depends on moved",
    parts: {
      bodies: {
        bound: 500,
        holds: "the body of a page of a list that keeps its answers: the market's tape, the company directory",
        saves: "58 % of a company's /trades, 80 % of /companies?q=north, 25 % of /companies",
      },
      reads: {
        bound: 500,
        holds: "the body of a read kept under a counter its writers bump (lib/marks/kept.ts): a company's daily marks, a page of a day's marks",
        saves: "77 % of a company's 365-day /marks, 82 % of /marks?date",
      },
    },
  },
  /** The market view of a company (lib/market/queries.ts, lib/market/summary.ts). */
  market: {
    staleWhen: "the indications or auth counter moved (books), the trades counter or the UTC day (summaries)",
    parts: {
      books: { bound: 128, holds: "a company's whole open book, each entry's JSON for its own team and for others", saves: "91 % of an order book" },
      bookViews: { bound: 64, holds: "per book: what one viewer (team, e-mail, depth) is shown of it", saves: "19 % of an order book" },
      tapeSummaries: { bound: 10_000, holds: "a company's tape summary for a UTC day", saves: "62 % of the company page's tape" },
    },
  },
  /** Sign-in throttles this process has read (lib/auth/throttle.ts). */
  signIn: {
    staleWhen: "never before the throttle ends: failures only add up",
    parts: {
      throttledUntil: { bound: 10_000, holds: "when an account's or address's throttle ends", saves: "a database read per refused guess in a flood (docs/performance.md, \"Sign-in gate\")" },
    },
  },
  /** Not data: a statement's text is its meaning, so an entry is never stale (lib/db/connection.ts, lib/db/page-sql.ts). */
  driver: {
    staleWhen: "never",
    parts: {
      sqliteStatements: { bound: 256, holds: "prepared SQLite statements by SQL text", saves: "38 % of /my/trades" },
      sqliteWriteStatements: { bound: 256, holds: "the SQLite writer's prepared statements by SQL text (lib/db/sqlite-writer.ts)", saves: "15 % of a PATCH /my/indications/{id}, 9 % of a create" },
      pageStatements: { bound: 2_000, holds: "a list page's statement text by its shape (lib/db/page-sql.ts pageSql)", saves: "21 % of /my/trades, 19 % of a filtered /my/indications" },
    },
  },
} as const satisfies Record<string, { staleWhen: string; parts: Record<string, { bound: number; holds: string; saves: string }> }>;

type Caches = typeof CACHES;
export type CachePart = { [C in keyof Caches]: `${C & string}.${keyof Caches[C]["parts"] & string}` }[keyof Caches];

function switchedOff(part: CachePart): boolean {
  const off = (process.env.DESK_CACHE_OFF ?? "").split(",").map((name) => name.trim());
  return off.includes(part) || off.includes(part.split(".")[0]);
}

/** A new cache part of the register: bounded, least recently used evicted first. */
export function createCache<K, V>(part: CachePart): LruCache<K, V> {
  const [cache, name] = part.split(".") as [keyof Caches, string];
  const { bound } = (CACHES[cache].parts as Record<string, { bound: number }>)[name];
  return new LruCache<K, V>(switchedOff(part) ? 0 : bound);
}
