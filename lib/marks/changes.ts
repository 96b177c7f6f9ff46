import "server-only";
import { sql } from "kysely";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import { compiled } from "../db/sql";
import { fromStoredDecimal } from "../domain/decimal";
import { utcToday } from "../market/summary";
import { dayDate, dayNumber } from "../domain/days";
import { changeOf, type MarkChange } from "./movers";

/**
 * How the marks moved (the Market page's movers): each company's mark on
 * the latest day with marks, beside its marks the day before and 30 days before, read off the key
 * (company_id, date) in one statement. The `companies` permission is the page's.
 */

/** The days a change is measured over: the day before, and 30 days before. */
export const CHANGE_DAYS = { day: 1, month: 30 } as const;

type Row = { company_id: string; company_name: string; date: string; price: string; day_before: string | null; month_before: string | null };

/** The latest day up to `today` with any mark, or null before the first. */
export async function latestMarkDate(today = utcToday(), engine: Engine = getEngine()): Promise<string | null> {
  const query = engine.dialect.db.selectFrom("marks").select(sql<string | null>`max(date)`.as("d")).where("date", "<=", today);
  const [row] = await engine.run<{ d: string | null }>(compiled(engine.dialect, query));
  return row?.d ?? null;
}

/** Every company's mark on `date` with its changes, or only those of `companyIds` (a page's rows). */
export async function markChanges(date: string, companyIds?: readonly string[], engine: Engine = getEngine()): Promise<MarkChange[]> {
  if (companyIds?.length === 0) return [];
  const before = (days: number) => dayDate(dayNumber(date) - days);
  let query = engine.dialect.db
    .selectFrom("marks as m")
    .innerJoin("companies as c", "c.id", "m.company_id")
    .leftJoin("marks as d", (j) => j.onRef("d.company_id", "=", "m.company_id").on("d.date", "=", before(CHANGE_DAYS.day)))
    .leftJoin("marks as w", (j) => j.onRef("w.company_id", "=", "m.company_id").on("w.date", "=", before(CHANGE_DAYS.month)))
    .select(["m.company_id", "c.name as company_name", "m.date", "m.price_per_share as price", "d.price_per_share as day_before", "w.price_per_share as month_before"])
    .where("m.date", "=", date);
  if (companyIds !== undefined) query = query.where("m.company_id", "in", [...companyIds]);
  const rows = await engine.run<Row>(compiled(engine.dialect, query.orderBy("c.name").orderBy("m.company_id")));
  return rows.map((r) => {
    const price = fromStoredDecimal(r.price);
    const then = (stored: string | null) => (stored === null ? null : fromStoredDecimal(stored));
    return {
      company: { id: r.company_id, name: r.company_name },
      date: r.date,
      price_per_share: price,
      change_1d: changeOf(price, then(r.day_before)),
      change_30d: changeOf(price, then(r.month_before)),
    };
  });
}
