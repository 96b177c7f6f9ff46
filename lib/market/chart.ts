import "server-only";
import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import { booleanSql, compiled } from "../db/sql";
import { fromStoredDecimal, storedToUnits } from "../domain/decimal";
import type { Structure } from "../domain/enums";
import { RollingVwap } from "../domain/vwap";
import { requireCompany } from "./queries";
import type { TapeTrade } from "./schema";
import { SUMMARY_WINDOWS, utcToday, windowStart } from "./summary";

/** Days of history the company page's price chart shows. */
export const CHART_DAYS = 365;

type ChartTrade = Pick<TapeTrade, "sign_date" | "price_per_share" | "volume" | "structure">;

interface ChartAverage {
  sign_date: string;
  /** The VWAP of the window ending that day (lib/domain/vwap.ts). */
  vwap: string;
}

export interface PriceHistory {
  /** The last day of the chart (UTC). */
  today: string;
  trades: ChartTrade[];
  vwap_30d: ChartAverage[];
  vwap_90d: ChartAverage[];
}

type Row = { d: string; p: string; v: string; s: Structure };

/**
 * The price chart's series: the company's verified trades of the last CHART_DAYS days (prices and
 * volumes of verified trades are what the tape shows every caller; no team, no id), and the 30-
 * and 90-day VWAP ending on each day that has a trade, with the one definition.
 */
export async function priceHistory(caller: Caller, companyId: string, today = utcToday(), engine: Engine = getEngine()): Promise<PriceHistory> {
  await requireCompany(caller, companyId, engine);
  const from = windowStart(today, CHART_DAYS + SUMMARY_WINDOWS.long);
  const read = engine.dialect.db
    .selectFrom("trades as t")
    .select(["t.sign_date as d", "t.price_per_share as p", "t.volume as v", "t.structure as s"])
    .where("t.issuer_id", "=", companyId.toLowerCase())
    .where("t.is_verified", "=", booleanSql(engine.dialect, true))
    .where("t.sign_date", ">=", from)
    .where("t.sign_date", "<=", today)
    .orderBy("t.sign_date")
    .orderBy("t.id");
  const rows = await engine.run<Row>(compiled(engine.dialect, read));
  const chartFrom = windowStart(today, CHART_DAYS);
  const days = [...new Set(rows.map((r) => String(r.d)).filter((d) => d >= chartFrom))];
  const rolling = (windowDays: number): ChartAverage[] => {
    // A sliding window over the rows (in sign_date order): volume by price, exact.
    const window = new RollingVwap();
    const change = (row: Row, sign: 1 | -1) => window.change(storedToUnits(String(row.p)), storedToUnits(String(row.v)), sign);
    let head = 0;
    let tail = 0;
    const out: ChartAverage[] = [];
    for (const day of days) {
      while (head < rows.length && String(rows[head].d) <= day) change(rows[head++], 1);
      const start = windowStart(day, windowDays);
      while (tail < head && String(rows[tail].d) < start) change(rows[tail++], -1);
      const vwap = window.vwap();
      if (vwap !== null) out.push({ sign_date: day, vwap });
    }
    return out;
  };
  return {
    today,
    trades: rows
      .filter((r) => String(r.d) >= chartFrom)
      .map((r) => ({ sign_date: String(r.d), price_per_share: fromStoredDecimal(String(r.p)), volume: fromStoredDecimal(String(r.v)), structure: r.s })),
    vwap_30d: rolling(SUMMARY_WINDOWS.short),
    vwap_90d: rolling(SUMMARY_WINDOWS.long),
  };
}
