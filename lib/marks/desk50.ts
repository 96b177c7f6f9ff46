import "server-only";
import type { Db } from "../db/client";
import { toStoredDecimal } from "../domain/decimal";
import { dayDate, dayNumber } from "./days";
import type { CompanyInputs } from "./history";
import { DESK_50, indexValues, rebalanceDates, selectMembers, type Member } from "./index-rules";
import type { Mark } from "./types";

/**
 * The Desk 50 computed by `npm run marks:rebuild` (docs/marks.md, "The Desk 50") and stored in
 * `index_values` and `index_members`, so its reads are two seeks. The rules are lib/marks/index-rules.ts;
 * here, what they read: each rebalance's trailing verified volume from the rebuild's inputs, and
 * the marks of the companies that can be members, recorded as the rebuild walks them.
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
