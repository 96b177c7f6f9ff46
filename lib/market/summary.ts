import "server-only";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import type { Dialect } from "../db/dialect";
import { sql } from "kysely";
import { counterSql } from "../cache/counters";
import { booleanSql, col, compiled, type Sql } from "../db/sql";
import { fromStoredDecimal, storedToUnits, unitsToDecimal } from "../domain/decimal";
import { VwapAccumulator } from "../domain/vwap";
import { covers, marketCache } from "./cache";
import type { TradeSummary } from "./schema";
import { DAY_MS } from "../domain/days";

/** The windows of the summary, in days ending today (UTC) inclusive: 30 days = today and the 29 before. */
export const SUMMARY_WINDOWS = { short: 30, long: 90 } as const;

/** Today's date in UTC, YYYY-MM-DD: the day the summary's windows end. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The first day of a window of `days` days ending on `today`. */
export function windowStart(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00.000Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

type Row = { p: string; v: string; d: string };
type SummaryRow = { latest: unknown; rows: unknown; __v: unknown };

/** The summary's rows, the company's last verified trade and the trades' counter, in one statement. */
export function summarySql(dialect: Dialect, companyId: string, today: string): Sql {
  const db = dialect.db;
  const verified = () => db.selectFrom("trades as t").where("t.issuer_id", "=", companyId).where("t.is_verified", "=", booleanSql(dialect, true));
  const last = verified().select(["t.price_per_share", "t.sign_date", "t.id"]).orderBy(sql`t.sign_date DESC, t.id ASC`).limit(1);
  const latest = dialect.jsonArrayAgg(
    dialect.jsonObject([
      ["p", col("price_per_share")],
      ["d", col("sign_date")],
    ]),
    sql`t.sign_date DESC, t.id ASC`,
  );
  const window = verified()
    .select(["t.price_per_share", "t.volume", "t.sign_date", "t.id"])
    .where("t.sign_date", ">=", windowStart(today, SUMMARY_WINDOWS.long))
    .where("t.sign_date", "<=", today);
  const rows = dialect.jsonArrayAgg(
    dialect.jsonObject([
      ["p", col("price_per_share")],
      ["v", col("volume")],
      ["d", col("sign_date")],
    ]),
    sql`t.sign_date, t.id`,
  );
  const summary = db.selectNoFrom([
    db.selectFrom(last.as("t")).select(latest.as("j")).as("latest"),
    db.selectFrom(window.as("t")).select(rows.as("j")).as("rows"),
    counterSql("trades").as("__v"),
  ]);
  return compiled(dialect, summary);
}

/**
 * The tape's summary cards: the last verified trade, the 30- and 90-day VWAP (lib/domain/vwap.ts,
 * the one definition), volume and count over 90 days. The 90 days of one company's verified
 * trades are a few hundred rows even for the busiest company of the 1 M data set, so they are
 * read (one statement, with the trades' change counter) and summed here, exactly, with BigInt.
 *
 * Kept per company and day: `seen`, the trades' counter a request read with its page, confirms
 * the kept summary without a statement (the day is part of the key: the windows end today).
 */
export async function summarizeCompanyTrades(companyId: string, today = utcToday(), engine: Engine = getEngine(), seen?: string): Promise<TradeSummary> {
  const id = companyId.toLowerCase();
  const cache = marketCache(engine).summaries;
  const key = `${id}\u0000${today}`;
  const held = cache.get(key);
  if (held && seen !== undefined && covers(held.version, seen)) return held.summary;
  const [row] = await engine.run<SummaryRow>(summarySql(engine.dialect, id, today));
  const [last] = JSON.parse(String(row.latest)) as Row[];
  const from30 = windowStart(today, SUMMARY_WINDOWS.short);
  const long = new VwapAccumulator();
  const short = new VwapAccumulator();
  for (const r of JSON.parse(String(row.rows)) as Row[]) {
    const price = storedToUnits(r.p);
    const volume = storedToUnits(r.v);
    long.add(price, volume);
    if (r.d >= from30) short.add(price, volume);
  }
  const summary: TradeSummary = {
    last_price: last ? fromStoredDecimal(last.p) : null,
    last_sign_date: last ? last.d : null,
    vwap_30d: short.vwap(),
    vwap_90d: long.vwap(),
    volume_90d: unitsToDecimal(long.volume),
    trade_count_90d: long.count,
  };
  const version = String(row.__v);
  if (!held || !covers(held.version, version)) cache.set(key, { version, summary });
  return summary;
}
