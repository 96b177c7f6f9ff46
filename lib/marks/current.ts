import "server-only";
import { sql } from "kysely";
import type { Dialect } from "../db/dialect";
import type { Write } from "../db/transaction";
import type { SqlTx } from "../db/writer";
import { compiled } from "../db/sql";
import { ratioOf } from "../companies/mark-columns";
import { dayDate, dayNumber } from "../domain/days";
import { stored } from "./store";
import type { Mark } from "./types";
import { CHANGE_DAYS } from "./changes";

/**
 * Each company's current mark and its 30-day change, kept on its row (`companies.mark_price`,
 * `mark_ratio_30d`) so the directory sorts, filters and pages by them as by any column of the
 * listed table (docs/marks.md, "The directory's columns"). Whatever writes a company's current
 * mark keeps them: the rebuild for every company (lib/marks/bulk.ts), the updater for each
 * company it recomputes and, at the day's roll, for every company (lib/marks/updater.ts). Their
 * writes bump the counter `company_marks` only (migration 20261206000000_company_marks), so the
 * lists that show an issuer's name keep their caches.
 */

/** A company's mark columns: its mark's price and that over the price 30 days before, as stored; nulls without. */
export type CurrentMark = [price: string | null, ratio: string | null];

/** The date `days` before `date`. */
const daysBefore = (date: string, days: number) => dayDate(dayNumber(date) - days);

/** The mark columns of a company from its marks in date order ending on `today` (a rebuild's walk); nulls without a mark today. */
export function currentOfSeries(marks: readonly Pick<Mark, "date" | "price_per_share">[], today: string): CurrentMark {
  const last = marks.at(-1);
  if (last === undefined || last.date !== today) return [null, null];
  const then = daysBefore(today, CHANGE_DAYS.month);
  // The marks run day by day, so the one 30 days before is 30 places back when it exists.
  const guess = marks.length - 1 - CHANGE_DAYS.month;
  const before = guess >= 0 && marks[guess].date === then ? marks[guess] : marks.find((m) => m.date === then);
  const price = stored(last.price_per_share);
  return [price, ratioOf(price, before ? stored(before.price_per_share) : null)];
}

/**
 * Where the columns are read and written: a pass's write transaction (lib/db/transaction.ts), whose
 * reads see its marks; or, at the day's roll, the engine and the client, statement by statement.
 */
export type MarksWrite = Pick<Write, "run" | "tx">;

/** Rows read or written per statement. */
const BATCH = 500;

type Row = { id: string; mark_price: string | null; mark_ratio_30d: string | null; price: string | null; before: string | null };

/**
 * Sets the mark columns of the companies `ids` (every company without) to their marks on `date`
 * (today's, once the updater wrote it) and 30 days before, writing only the rows whose columns
 * change: an unchanged mark bumps no counter.
 */
export async function keepCurrentMarks(on: MarksWrite, dialect: Dialect, date: string, ids?: readonly string[]): Promise<number> {
  const then = daysBefore(date, CHANGE_DAYS.month);
  let changed = 0;
  const read = (batch: readonly string[] | undefined, after: string) => {
    let query = dialect.db
      .selectFrom("companies as c")
      .leftJoin("marks as m", (j) => j.onRef("m.company_id", "=", "c.id").on("m.date", "=", date))
      .leftJoin("marks as w", (j) => j.onRef("w.company_id", "=", "c.id").on("w.date", "=", then))
      .select(["c.id", "c.mark_price", "c.mark_ratio_30d", "m.price_per_share as price", "w.price_per_share as before"]);
    query = batch ? query.where("c.id", "in", [...batch]) : query.where("c.id", ">", after).orderBy("c.id").limit(BATCH);
    return on.run<Row>(compiled(dialect, query));
  };
  for (let i = 0, after = ""; ; i += BATCH) {
    const batch = ids?.slice(i, i + BATCH);
    if (batch?.length === 0) break;
    const rows = await read(batch, after);
    const updates: [string, ...CurrentMark][] = [];
    for (const r of rows) {
      const price = r.price;
      const ratio = price === null ? null : ratioOf(price, r.before);
      if (price !== r.mark_price || ratio !== r.mark_ratio_30d) updates.push([r.id, price, ratio]);
    }
    await writeCurrentMarks(on.tx, dialect, updates);
    changed += updates.length;
    if (!batch) {
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1].id;
    }
  }
  return changed;
}

/** Writes companies' mark columns, BATCH rows a statement (an UPDATE … FROM (VALUES …), the same on both databases). */
async function writeCurrentMarks(tx: SqlTx, dialect: Dialect, rows: readonly [string, ...CurrentMark][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = sql.join(rows.slice(i, i + BATCH).map(([id, price, ratio]) => sql`(${id}, ${price}, ${ratio})`));
    const statement = sql`UPDATE companies SET mark_price = v.column2, mark_ratio_30d = v.column3 FROM (VALUES ${values}) AS v WHERE companies.id = v.column1`;
    const { text, values: params } = compiled(dialect, statement);
    await tx.$executeRawUnsafe(text, ...params);
  }
}
