import "server-only";
import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import type { Dialect } from "../db/dialect";
import { sql } from "kysely";
import { Filters, col, compiled, type Fragment, type Selected } from "../db/sql";
import type { Trade as TradeRow } from "../generated/kysely/tables";
import { FRACTION_DIGITS, INTEGER_DIGITS, storedToUnits, unitsToDecimal } from "../domain/decimal";
import { VwapAccumulator } from "../domain/vwap";
import type { Issuer } from "../domain/issuer";
import { tradeFilters } from "./queries";
import type { TradeListQuery } from "./schema";

export interface TradeTotals {
  count: number;
  /** Exact sum of volume (USD), a decimal string. */
  total_volume: string;
  /** The VWAP, Σ volume / Σ (volume / price_per_share) (lib/domain/vwap.ts); null when there is no volume. */
  vwap_price_per_share: string | null;
}

export interface TradeSummary extends TradeTotals {
  by_company: (TradeTotals & { issuer: Issuer })[];
  /** Per broker: the team member who recorded the trade (trades.user_id). */
  by_broker: (TradeTotals & { broker: { id: string; name: string } })[];
  /** Per month of the sign date (YYYY-MM) and structure, oldest month first: the review's chart. */
  by_month: (TradeTotals & { month: string; structure: string })[];
}

/**
 * Exact sums in SQL without a decimal type. A stored decimal (lib/domain/decimal.ts) is 26 digits,
 * i.e. an integer count of 1e-8 units; the database cuts the volume into chunks of CHUNK_DIGITS
 * digits (least significant first) and sums the chunks as 64-bit integers per company and price,
 * which JavaScript reassembles with BigInt. A chunk is < 1e5, so a sum stays exact up to ~9e13
 * trades. The VWAP divides each price's volume by that price (lib/domain/vwap.ts), which SQL
 * cannot do exactly: so the rows come back one per company and distinct price, not one per trade.
 */
const CHUNK_DIGITS = 5;
const DIGITS = INTEGER_DIGITS + FRACTION_DIGITS;
const CHUNKS = Math.ceil(DIGITS / CHUNK_DIGITS);
const CHUNK_BASE = BigInt(10) ** BigInt(CHUNK_DIGITS);

/** The stored decimal in `column` as CHUNKS integer expressions, least significant chunk first. */
function chunksSql(column: Fragment): Fragment[] {
  const chunks: Fragment[] = [];
  for (let end = DIGITS; end > 0; end -= CHUNK_DIGITS) {
    const start = Math.max(0, end - CHUNK_DIGITS);
    // Digit k (0-based, most significant first) sits at 1-based position k + 1 before the point
    // and k + 2 after it.
    const parts: Fragment[] = [];
    if (start < INTEGER_DIGITS) parts.push(sql`substr(${column}, ${sql.lit(start + 1)}, ${sql.lit(Math.min(end, INTEGER_DIGITS) - start)})`);
    if (end > INTEGER_DIGITS) {
      const from = Math.max(start, INTEGER_DIGITS);
      parts.push(sql`substr(${column}, ${sql.lit(from + 2)}, ${sql.lit(end - from)})`);
    }
    chunks.push(sql`CAST(${sql.join(parts, sql` || `)} AS BIGINT)`);
  }
  return chunks;
}

/**
 * Each matching row's group (`key`, e.g. `t.issuer_id`), price and volume chunks (`v0`…), in group
 * and price order, so the GROUP BY over it streams instead of sorting. The dialect's fence keeps
 * the planner from inlining the chunk expressions into every sum that uses them
 * (docs/performance-decisions.md, "Review totals").
 */
function chunkedRows(dialect: Dialect, where: Filters<TradeRow>, key: Fragment) {
  const chunks = chunksSql(col("volume")).map((chunk, i) => chunk.as(`v${i}`));
  return dialect.db
    .selectFrom("trades as t")
    .select([key.as("grp"), "t.price_per_share as price", ...chunks])
    .where(where.toSql())
    .orderBy(sql`grp, t.price_per_share`)
    .modifyEnd(dialect.fence);
}

/** Σ volume per chunk (`v0`…), as text. */
function sumsSql(): Selected[] {
  return Array.from({ length: CHUNKS }, (_, i) => sql`CAST(SUM(${sql.ref(`r.v${i}`)}) AS TEXT)`.as(`v${i}`));
}

type SumsRow = { key: string; name: string | null; price: string; count: unknown } & Record<string, unknown>;

/** Reassembles numbered chunk sums (`${prefix}0`, `${prefix}1`, …) into one integer. */
function reassemble(row: SumsRow, prefix: string, count: number): bigint {
  let total = BigInt(0);
  for (let i = count - 1; i >= 0; i--) total = total * CHUNK_BASE + BigInt(String(row[`${prefix}${i}`] ?? "0"));
  return total;
}

function totalsOf(acc: VwapAccumulator): TradeTotals {
  return { count: acc.count, total_volume: unitsToDecimal(acc.volume), vwap_price_per_share: acc.vwap() };
}

/** The groupings of the review: what a group is, and where its name comes from. */
const GROUPINGS: Record<"company" | "broker" | "month", { key: Fragment; names: "companies" | "users" | null }> = {
  company: { key: col("issuer_id"), names: "companies" },
  broker: { key: col("user_id"), names: "users" },
  // A sign date is stored as YYYY-MM-DD text on both databases: its first 7 characters are the month.
  month: { key: sql`substr(t.sign_date, 1, 7) || '|' || t.structure`, names: null },
};

interface Group {
  key: string;
  name: string | null;
  acc: VwapAccumulator;
}

/** Exact totals of the selected trades per group: one row per group and distinct price from the database. */
async function groupTotals(where: Filters<TradeRow>, grouping: keyof typeof GROUPINGS): Promise<Group[]> {
  const engine = getEngine();
  const { db } = engine.dialect;
  const { key, names } = GROUPINGS[grouping];
  const grouped = db
    .selectFrom(chunkedRows(engine.dialect, where, key).as("r"))
    .select([sql.ref("r.grp").as("key"), "r.price as price", sql`count(*)`.as("count"), ...sumsSql()])
    .groupBy(["r.grp", "r.price"])
    .as("g");
  const named = names
    ? db.selectFrom(grouped).innerJoin(sql.table(names).as("n"), (join) => join.onRef(sql.ref("n.id"), "=", "g.key")).selectAll("g").select(sql.ref("n.name").as("name"))
    : db.selectFrom(grouped).selectAll("g").select(sql`NULL`.as("name"));
  const rows = await engine.run<SumsRow>(compiled(engine.dialect, named));
  const groups = new Map<string, Group>();
  for (const row of rows) {
    let group = groups.get(row.key);
    if (!group) groups.set(row.key, (group = { key: row.key, name: row.name, acc: new VwapAccumulator() }));
    group.acc.add(storedToUnits(String(row.price)), reassemble(row, "v", CHUNKS), Number(row.count));
  }
  return [...groups.values()];
}

/** Largest volume first, then by name. */
function byVolume(a: Group, b: Group): number {
  return a.acc.volume === b.acc.volume ? (a.name ?? "").localeCompare(b.name ?? "") : a.acc.volume > b.acc.volume ? -1 : 1;
}

/**
 * Totals of the team lead's review for the filtered trades (same filters as the trade list, page
 * and sort ignored), overall, per company, per broker and per month and structure. Exact: see
 * CHUNK_DIGITS.
 */
export async function summarizeTrades(caller: Caller, query: TradeListQuery): Promise<TradeSummary> {
  // The trade list's own filters (team scope first), so the totals are of exactly the rows listed.
  const where = new Filters<TradeRow>(getEngine().dialect);
  tradeFilters(caller.teamId, query)(where);
  const [companies, brokers, months] = await Promise.all([groupTotals(where, "company"), groupTotals(where, "broker"), groupTotals(where, "month")]);
  const all = new VwapAccumulator();
  for (const { acc } of companies) all.merge(acc);
  return {
    ...totalsOf(all),
    by_company: companies.sort(byVolume).map(({ key, name, acc }) => ({ issuer: { id: key, name: name ?? "" }, ...totalsOf(acc) })),
    by_broker: brokers.sort(byVolume).map(({ key, name, acc }) => ({ broker: { id: key, name: name ?? "" }, ...totalsOf(acc) })),
    by_month: months
      .map(({ key, acc }) => {
        const [month, structure] = key.split("|");
        return { month, structure, ...totalsOf(acc) };
      })
      .sort((a, b) => a.month.localeCompare(b.month) || a.structure.localeCompare(b.structure)),
  };
}
