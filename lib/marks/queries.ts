import "server-only";
import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import { compiled } from "../db/sql";
import { fromStoredDecimal } from "../domain/decimal";
import { requireCompany } from "../market/queries";
import { utcToday } from "../market/summary";
import { companyAndMarksVersion } from "./kept";
import type { CompanyMark, CompanyMarks, MarkSeriesQuery } from "./schema";

/**
 * The marks' reads (docs/api/marks.md): the `companies` permission and a known company (the
 * market's own check, lib/market/queries.ts), then the stored rows, one seek on the key
 * (company_id, date). Nothing after today: the current mark is today's.
 */

export type Row = {
  date: string;
  price_per_share: string;
  low: string;
  high: string;
  method: CompanyMark["mark"] extends infer M ? (M extends { method: infer K } ? K : never) : never;
  data_points_180d: number;
  trades_180d: number;
  days_since_last_trade: number | null;
  order_imbalance: number | null;
};

export const MARK_FIELDS = ["m.date", "m.price_per_share", "m.low", "m.high", "m.method", "m.data_points_180d", "m.trades_180d", "m.days_since_last_trade", "m.order_imbalance"] as const;

function seriesSql(engine: Engine, companyId: string, from: string | undefined, to: string, latest: boolean) {
  let query = engine.dialect.db
    .selectFrom("marks as m")
    .select(MARK_FIELDS)
    .where("m.company_id", "=", companyId)
    .where("m.date", "<=", to);
  if (from !== undefined) query = query.where("m.date", ">=", from);
  return compiled(engine.dialect, latest ? query.orderBy("m.date", "desc").limit(1) : query.orderBy("m.date", "asc"));
}

const prices = (r: Row) => ({ date: r.date, price_per_share: fromStoredDecimal(r.price_per_share), low: fromStoredDecimal(r.low), high: fromStoredDecimal(r.high), method: r.method });

/** A stored row as the API's mark (counts as numbers: PostgreSQL's driver may give text). */
export function markOf(row: Row): NonNullable<CompanyMark["mark"]> {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return { ...prices(row), data_points_180d: Number(row.data_points_180d), trades_180d: Number(row.trades_180d), days_since_last_trade: n(row.days_since_last_trade), order_imbalance: n(row.order_imbalance) };
}

/** GET /companies/{company_id}/mark: the current mark (the latest up to today), or null before the company has one. */
export async function companyMark(caller: Caller, companyId: string, today = utcToday(), engine: Engine = getEngine()): Promise<CompanyMark> {
  const company = await requireCompany(caller, companyId, engine);
  const [row] = await engine.run<Row>(seriesSql(engine, company.id, undefined, today, true));
  return { company, mark: row ? markOf(row) : null };
}

/** GET /companies/{company_id}/marks: the daily series from `from` to `to` (at most today), oldest first. */
export async function companyMarks(caller: Caller, companyId: string, query: MarkSeriesQuery, today = utcToday(), engine: Engine = getEngine()): Promise<CompanyMarks> {
  const company = await requireCompany(caller, companyId, engine);
  return seriesOf(company, query, today, engine);
}

async function seriesOf(company: { id: string; name: string }, query: MarkSeriesQuery, today: string, engine: Engine): Promise<CompanyMarks> {
  const to = query.to !== undefined && query.to < today ? query.to : today;
  const rows = await engine.run<Row>(seriesSql(engine, company.id, query.from, to, false));
  return { company, marks: rows.map(prices) };
}

/** The API's GET /companies/{company_id}/marks: companyMarks as a read the API keeps while no mark is written (lib/marks/kept.ts). */
export async function companyMarksRead(caller: Caller, companyId: string, query: MarkSeriesQuery, today = utcToday(), engine: Engine = getEngine()) {
  const { company, version } = await companyAndMarksVersion(caller, companyId, engine);
  return {
    key: `marks series ${company.id} ${query.from ?? ""} ${query.to ?? ""} ${today}`,
    version,
    read: async () => ({ body: await seriesOf(company, query, today, engine) }),
  };
}
