import "server-only";
import { sql } from "kysely";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import { compiled } from "../db/sql";
import { fromStoredDecimal } from "../domain/decimal";
import { utcToday } from "../market/summary";
import { DESK_50_INDEX } from "./desk50";
import { DESK_50 } from "./index-rules";
import type { DeskIndex, DeskMembers, MarkSeriesQuery } from "./schema";

/**
 * The Desk 50's reads (docs/api/marks.md): what the rebuild stored (lib/marks/desk50.ts), seeks on
 * the tables' keys. The `companies` permission is the route's (lib/http/operations.ts).
 */

/** GET /indexes/desk-50: the index, and its values from `from` to `to` (at most today), oldest first. */
export async function deskIndex(query: MarkSeriesQuery, today = utcToday(), engine: Engine = getEngine()): Promise<DeskIndex> {
  const db = engine.dialect.db;
  const to = query.to !== undefined && query.to < today ? query.to : today;
  let values = db.selectFrom("index_values").select(["date", "value"]).where("index_id", "=", DESK_50_INDEX.id).where("date", "<=", to);
  if (query.from !== undefined) values = values.where("date", ">=", query.from);
  const first = db.selectFrom("index_values").select(sql<string | null>`min(date)`.as("date")).where("index_id", "=", DESK_50_INDEX.id);
  const [[base], rows] = await Promise.all([
    engine.run<{ date: string | null }>(compiled(engine.dialect, first)),
    engine.run<{ date: string; value: string }>(compiled(engine.dialect, values.orderBy("date"))),
  ]);
  return {
    index: { ...DESK_50_INDEX, base_date: base?.date ?? null, base_value: String(DESK_50.baseValue) },
    values: rows.map((r) => ({ date: r.date, value: fromStoredDecimal(r.value) })),
  };
}

/** GET /indexes/desk-50/members: the members from the last rebalance up to today, by name. */
export async function deskMembers(today = utcToday(), engine: Engine = getEngine()): Promise<DeskMembers> {
  const db = engine.dialect.db;
  const last = db.selectFrom("index_members").select(sql<string>`max(date)`.as("d")).where("index_id", "=", DESK_50_INDEX.id).where("date", "<=", today);
  const members = db
    .selectFrom("index_members as x")
    .innerJoin("companies as c", "c.id", "x.company_id")
    .select(["c.id", "c.name", "x.weight"])
    .where("x.index_id", "=", DESK_50_INDEX.id)
    .where("x.date", "=", (eb) => eb.selectFrom(last.as("l")).select("l.d"))
    .orderBy("c.name")
    .orderBy("c.id");
  const rows = await engine.run<{ id: string; name: string; weight: number | string }>(compiled(engine.dialect, members));
  return { members: rows.map((r) => ({ company: { id: r.id, name: r.name }, weight: Number(r.weight) })) };
}
