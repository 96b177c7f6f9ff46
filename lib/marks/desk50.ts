import "server-only";
import type { Compilable } from "kysely";
import { getEngine, type Db } from "../db/client";
import { compiled } from "../db/sql";
import { transaction } from "../db/transaction";
import { execute, insertRows } from "../db/write-sql";
import { fromStoredDecimal, toStoredDecimal } from "../domain/decimal";
import { dayDate, dayNumber } from "../domain/days";
import type { CompanyInputs } from "./history";
import { DESK_50, indexValues, rebalanceDates, selectMembers, type Member } from "./index-rules";
import type { Mark } from "./types";

/**
 * The Desk 50 (docs/marks.md, "The Desk 50"), stored in `index_values` and `index_members` so its
 * reads are two seeks: computed whole by `npm run marks:rebuild` (Desk50Builder: each rebalance's
 * trailing verified volume from the rebuild's inputs, and the marks of the companies that can be
 * members, recorded as the rebuild walks them), then kept current by the marks updater
 * (updateDesk50: the days since, from the stored marks). The rules are lib/marks/index-rules.ts.
 */

export const DESK_50_INDEX = { id: "desk-50", name: "Desk 50" } as const;

export class Desk50Builder {
  private readonly days: string[] = [];
  private readonly rebalances: string[];
  private readonly volumes: Map<string, number>[];
  /** Each rebalance's 2 × size companies with the most volume: a company with volume has a verified trade by then, so a mark, and the members are among these. */
  private readonly candidates = new Set<string>();
  private readonly prices = new Map<string, Map<string, number>>();

  constructor(inputs: Iterable<readonly [string, CompanyInputs]>, today: string) {
    let first: string | undefined;
    const verified: [string, CompanyInputs["trades"][number]][] = [];
    for (const [id, company] of inputs) {
      for (const t of company.trades) {
        if (!t.verified || t.date > today) continue;
        verified.push([id, t]);
        if (first === undefined || t.date < first) first = t.date;
      }
    }
    this.rebalances = first === undefined ? [] : rebalanceDates(first, today);
    if (first !== undefined) for (let d = dayNumber(first); d <= dayNumber(today); d++) this.days.push(dayDate(d));
    this.volumes = this.rebalances.map(() => new Map());
    const starts = this.rebalances.map((r) => dayDate(dayNumber(r) - DESK_50.trailingDays));
    for (const [id, t] of verified) {
      this.rebalances.forEach((r, k) => {
        if (t.date <= r && t.date > starts[k]) this.volumes[k].set(id, (this.volumes[k].get(id) ?? 0) + t.volume);
      });
    }
    for (const volumes of this.volumes) {
      const top = [...volumes].sort(([a, va], [b, vb]) => vb - va || (a < b ? -1 : 1)).slice(0, 2 * DESK_50.size);
      for (const [id] of top) this.candidates.add(id);
    }
  }

  /** A company's marks as the rebuild computed them (kept only for a possible member). */
  record(companyId: string, marks: readonly Mark[]): void {
    if (!this.candidates.has(companyId)) return;
    this.prices.set(companyId, new Map(marks.map((m) => [m.date, Number(m.price_per_share)])));
  }

  /** The members at each rebalance, and the value every day from the first. */
  result(): { members: Map<string, Member[]>; values: { date: string; value: number }[] } {
    const price = (id: string, date: string) => this.prices.get(id)?.get(date) ?? null;
    const members = new Map(this.rebalances.map((r, k) => [r, selectMembers(this.volumes[k], (id) => price(id, r) !== null)]));
    return { members, values: indexValues(this.days, (date) => members.get(date) ?? null, price) };
  }
}

/** Replaces the stored index with `result`'s, in one transaction. */
export async function storeDesk50(db: Db, { members, values }: ReturnType<Desk50Builder["result"]>): Promise<void> {
  const indexId = DESK_50_INDEX.id;
  await db.$transaction([
    db.indexValue.deleteMany({ where: { indexId } }),
    db.indexMember.deleteMany({ where: { indexId } }),
    db.indexValue.createMany({ data: values.map((v) => ({ indexId, date: v.date, value: toStoredDecimal(v.value.toFixed(8)) })) }),
    db.indexMember.createMany({ data: [...members].flatMap(([date, list]) => list.map((m) => ({ indexId, date, companyId: m.companyId, weight: m.weight }))) }),
  ]);
}

/**
 * Verified USD volume of each company over the 12 months ending `date`, summed in tape order as
 * the rebuild sums it (lib/marks/inputs.ts), so both rank ties alike.
 */
async function trailingVolumes(db: Db, date: string): Promise<Map<string, number>> {
  const after = dayDate(dayNumber(date) - DESK_50.trailingDays);
  const trades = await db.trade.findMany({
    where: { isVerified: true, signDate: { gt: after, lte: date } },
    select: { issuerId: true, volume: true },
    orderBy: [{ issuerId: "asc" }, { signDate: "asc" }, { id: "asc" }],
  });
  const volumes = new Map<string, number>();
  for (const t of trades) volumes.set(t.issuerId, (volumes.get(t.issuerId) ?? 0) + Number(t.volume));
  return volumes;
}

/** The members a rebalance on `date` chooses: among the companies with a mark that day (one seek on the marks' (date, company) index). */
async function membersOn(db: Db, date: string): Promise<Member[]> {
  const volumes = await trailingVolumes(db, date);
  const marked = new Set((await db.mark.findMany({ where: { date }, select: { companyId: true } })).map((m) => m.companyId));
  return selectMembers(volumes, (id) => marked.has(id));
}

/**
 * Brings the stored index up to `today` from the stored marks (the updater's day roll, and after a
 * write to a member's mark). The values are recomputed from the last rebalance before today, whose
 * stored value and members fix the units held (index-rules.ts), so a member's recomputed mark
 * today moves today's value; the days after the last stored one before today are written, today
 * included, and each first of a month without members gets them chosen and stored. An index with
 * nothing stored starts on the day of the first verified trade, as the rebuild starts it. Answers
 * the companies whose marks the values read (null: not started, no verified trade with a mark yet).
 * At most two rebalances' members (100 companies) over a month of marks, a day roll's statements.
 */
export async function updateDesk50(db: Db, today: string): Promise<Set<string> | null> {
  const indexId = DESK_50_INDEX.id;
  const { dialect } = getEngine();
  // Its statements are ours, not a model's (docs/performance.md, "Writes": a pass's piece holds SQLite's thread whole).
  const read = <R>(query: Compilable) => getEngine().run<R>(compiled(dialect, query));
  const memberDates = dialect.db.selectFrom("index_members").select("date").where("index_id", "=", indexId);
  // The rebalance whose units today's value holds: the last before today (today's, when the index began today).
  const anchorRow =
    (await read<{ date: string }>(memberDates.where("date", "<", today).orderBy("date", "desc").limit(1)))[0] ??
    (await read<{ date: string }>(memberDates.where("date", "=", today).limit(1)))[0];
  const stored = new Map<string, Member[]>();
  let anchor: string;
  let base: number = DESK_50.baseValue;
  if (anchorRow) {
    anchor = anchorRow.date;
    const rows = await read<{ date: string; company_id: string; weight: number }>(
      dialect.db.selectFrom("index_members").select(["date", "company_id", "weight"]).where("index_id", "=", indexId).where("date", ">=", anchor).where("date", "<=", today).orderBy("date").orderBy("company_id"),
    );
    for (const m of rows) stored.set(m.date, [...(stored.get(m.date) ?? []), { companyId: m.company_id, weight: Number(m.weight) }]);
    const [value] = await read<{ value: string }>(dialect.db.selectFrom("index_values").select("value").where("index_id", "=", indexId).where("date", "=", anchor));
    if (!value) throw new Error(`the Desk 50 has members on ${anchor} but no value`);
    base = Number(fromStoredDecimal(String(value.value)));
  } else {
    const first = await db.trade.findFirst({ where: { isVerified: true, signDate: { lte: today } }, orderBy: { signDate: "asc" }, select: { signDate: true } });
    if (!first) return null;
    anchor = first.signDate;
  }
  const members = new Map<string, Member[]>();
  for (const date of rebalanceDates(anchor, today)) members.set(date, stored.get(date) ?? (await membersOn(db, date)));
  const ids = new Set([...members.values()].flatMap((list) => list.map((m) => m.companyId)));
  const prices = new Map<string, number>();
  const marks = ids.size
    ? await read<{ company_id: string; date: string; price_per_share: string }>(
        dialect.db.selectFrom("marks").select(["company_id", "date", "price_per_share"]).where("company_id", "in", [...ids]).where("date", ">=", anchor).where("date", "<=", today),
      )
    : [];
  for (const m of marks) prices.set(`${m.company_id} ${m.date}`, Number(fromStoredDecimal(String(m.price_per_share))));
  const days: string[] = [];
  for (let d = dayNumber(anchor); d <= dayNumber(today); d++) days.push(dayDate(d));
  const values = indexValues(days, (date) => members.get(date) ?? null, (id, date) => prices.get(`${id} ${date}`) ?? null, base);
  if (!values.length) return null;
  const lastRow = await read<{ date: string }>(dialect.db.selectFrom("index_values").select("date").where("index_id", "=", indexId).where("date", "<", today).orderBy("date", "desc").limit(1));
  const last = lastRow[0]?.date ?? "";
  const chosen = [...members].filter(([date, list]) => !stored.has(date) && list.length > 0);
  await transaction(async ({ tx }) => {
    await execute(tx, dialect.db.deleteFrom("index_values").where("index_id", "=", indexId).where("date", ">", last));
    await insertRows(tx, "index_values", values.filter((v) => v.date > last).map((v) => ({ indexId, date: v.date, value: toStoredDecimal(v.value.toFixed(8)) })));
    if (chosen.length === 0) return;
    await execute(tx, dialect.db.deleteFrom("index_members").where("index_id", "=", indexId).where("date", "in", chosen.map(([date]) => date)));
    await insertRows(tx, "index_members", chosen.flatMap(([date, list]) => list.map((m) => ({ indexId, date, companyId: m.companyId, weight: m.weight }))));
  }, db);
  return ids;
}
