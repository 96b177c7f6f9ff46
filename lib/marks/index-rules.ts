/**
 * The Desk 50's rules (issue 46; docs/marks.md, "The Desk 50"), pure: who is in it, with what
 * weight, and its value from the members' daily marks. What reads the volumes and marks and
 * stores the values is lib/marks/desk50.ts: the rebuild's whole history, and the updater's days since.
 */

export const DESK_50 = { size: 50, baseValue: 100, trailingDays: 365 } as const;

export interface Member {
  companyId: string;
  weight: number;
}

/**
 * The members at a rebalance: the `size` companies with the most verified USD volume over the
 * trailing 12 months (ties: the smaller id), among those that have a mark that day; equal weights.
 */
export function selectMembers(volumes: ReadonlyMap<string, number>, hasMark: (companyId: string) => boolean, size: number = DESK_50.size): Member[] {
  const ranked = [...volumes]
    .filter(([id, volume]) => volume > 0 && hasMark(id))
    .sort(([a, va], [b, vb]) => vb - va || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, size);
  return ranked.map(([companyId]) => ({ companyId, weight: 1 / ranked.length }));
}

/** The rebalance days between `from` and `to` (YYYY-MM-DD): the first day, then the first of every month. */
export function rebalanceDates(from: string, to: string): string[] {
  const dates = [from];
  const d = new Date(`${from.slice(0, 7)}-01T00:00:00.000Z`);
  for (d.setUTCMonth(d.getUTCMonth() + 1); d.toISOString().slice(0, 10) <= to; d.setUTCMonth(d.getUTCMonth() + 1)) dates.push(d.toISOString().slice(0, 10));
  return dates;
}

/**
 * The index's value each day: at each rebalance the value is split among the members by weight
 * and held as units of their marks until the next (so a rebalance never moves the value); the
 * first day is `baseValue`. A member without a mark on a day keeps its last one.
 */
export function indexValues(
  days: readonly string[],
  membersAt: (date: string) => readonly Member[] | null,
  mark: (companyId: string, date: string) => number | null,
  baseValue: number = DESK_50.baseValue,
): { date: string; value: number }[] {
  const values: { date: string; value: number }[] = [];
  let units = new Map<string, number>();
  const last = new Map<string, number>();
  for (const date of days) {
    for (const id of units.keys()) {
      const p = mark(id, date);
      if (p !== null) last.set(id, p);
    }
    const members = membersAt(date);
    // The index starts on its first day with members.
    if (!values.length && !members?.length) continue;
    const value = values.length ? [...units].reduce((sum, [id, u]) => sum + u * last.get(id)!, 0) : baseValue;
    if (members?.length) {
      units = new Map();
      for (const m of members) {
        const p = mark(m.companyId, date) ?? last.get(m.companyId);
        if (p === undefined) throw new RangeError(`member ${m.companyId} has no mark on ${date}`);
        last.set(m.companyId, p);
        units.set(m.companyId, (value * m.weight) / p);
      }
    }
    values.push({ date, value });
  }
  return values;
}
