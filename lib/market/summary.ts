import { getEngine } from "../db/client";
import type { Engine } from "../db/page";
import { SqlWriter } from "../db/sql";
import { fromStoredDecimal, storedToUnits, unitsToDecimal } from "../domain/decimal";
import { VwapAccumulator } from "../domain/vwap";
import type { TradeSummary } from "./schema";

/** The windows of the summary, in days ending today (UTC) inclusive: 30 days = today and the 29 before. */
export const SUMMARY_WINDOWS = { short: 30, long: 90 } as const;

const DAY_MS = 86_400_000;

/** Today's date in UTC, YYYY-MM-DD: the day the summary's windows end. */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The first day of a window of `days` days ending on `today`. */
export function windowStart(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00.000Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

type Row = { p: string; v: string; d: string };

/**
 * The tape's summary cards: the last verified trade, the 30- and 90-day VWAP (lib/domain/vwap.ts,
 * the one definition), volume and count over 90 days. The 90 days of one company's verified
 * trades are a few hundred rows even for the busiest company of the 1 M data set, so they are
 * read and summed here, exactly, with BigInt.
 */
export async function summarizeCompanyTrades(companyId: string, today = utcToday(), engine: Engine = getEngine()): Promise<TradeSummary> {
  const id = companyId.toLowerCase();
  const last = new SqlWriter(engine.dialect);
  const [latest] = await engine.run<Row>({
    text: `SELECT t.price_per_share AS "p", t.sign_date AS "d" FROM trades t WHERE t.issuer_id = ${last.param(id)} AND t.is_verified = ${last.boolean(true)} ORDER BY t.sign_date DESC, t.id ASC LIMIT 1`,
    values: last.values,
  });
  const sql = new SqlWriter(engine.dialect);
  const from90 = windowStart(today, SUMMARY_WINDOWS.long);
  const from30 = windowStart(today, SUMMARY_WINDOWS.short);
  const rows = await engine.run<Row>({
    text:
      `SELECT t.price_per_share AS "p", t.volume AS "v", t.sign_date AS "d" FROM trades t WHERE t.issuer_id = ${sql.param(id)} ` +
      `AND t.is_verified = ${sql.boolean(true)} AND t.sign_date >= ${sql.param(from90)} AND t.sign_date <= ${sql.param(today)}`,
    values: sql.values,
  });
  const long = new VwapAccumulator();
  const short = new VwapAccumulator();
  for (const row of rows) {
    const price = storedToUnits(String(row.p));
    const volume = storedToUnits(String(row.v));
    long.add(price, volume);
    if (String(row.d) >= from30) short.add(price, volume);
  }
  return {
    last_price: latest ? fromStoredDecimal(String(latest.p)) : null,
    last_sign_date: latest ? String(latest.d) : null,
    vwap_30d: short.vwap(),
    vwap_90d: long.vwap(),
    volume_90d: unitsToDecimal(long.volume),
    trade_count_90d: long.count,
  };
}
