import { describe, expect, it } from "vitest";
import { Rng } from "../random";
import { NO_FACTORS } from "./adjustments";
import { dayDate, DAY_MS } from "../domain/days";
import { MarkSeries } from "./estimator";
import { companyHistory, rebookToday, type BookOrder, type CompanyInputs } from "./history";
import { START, quote, trade } from "./test-helpers";
import type { Mark, QuoteObservation } from "./types";

/**
 * The history's book kept as a set across the days (lib/marks/history.ts, OpenBook) against its
 * definition, recomputed from every order on each day the book changed.
 */

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** The definition: on a change day, every order in the book that day (opened by it, not closed by it), in the orders' order. */
function bookOn(orders: readonly BookOrder[], day: number): QuoteObservation[] {
  return orders.flatMap((o) => {
    if (o.visibility === "private" || dayOf(o.openedAt) > day || (o.closedAt !== null && dayOf(o.closedAt) <= day)) return [];
    const { openedAt, closedAt, ...q } = o;
    void closedAt;
    return [{ ...q, refreshedAt: dayOf(o.refreshedAt) <= day ? o.refreshedAt : openedAt }];
  });
}

function definition(inputs: CompanyInputs, to: number): Mark[] {
  const changes = new Set(inputs.orders.filter((o) => o.visibility !== "private").flatMap((o) => [o.openedAt, o.refreshedAt, ...(o.closedAt === null ? [] : [o.closedAt])].map(dayOf)));
  const first = Math.min(...inputs.trades.map((t) => Date.parse(t.date) / DAY_MS), ...inputs.orders.filter((o) => o.visibility !== "private").map((o) => dayOf(o.openedAt)));
  const series = new MarkSeries(NO_FACTORS);
  const marks: Mark[] = [];
  for (let day = first; day <= to; day++) {
    const trades = inputs.trades.filter((t) => t.date === dayDate(day));
    const mark = series.advance(dayDate(day), trades, changes.has(day) ? bookOn(inputs.orders, day) : undefined);
    if (mark) marks.push(mark);
  }
  return marks;
}

/** A company's random inputs: 40 orders (some private, some closed) and `trades` trades over 200 days from START. */
function randomInputs(rng: Rng, trades = 8): CompanyInputs {
  const orders: BookOrder[] = Array.from({ length: 40 }, () => {
    const opened = START + rng.int(0, 180);
    const closed = rng.chance(0.6) ? opened + rng.int(0, 40) : null;
    const refreshed = opened + rng.int(0, 60);
    const side = rng.chance(0.5) ? "bid" : "offer";
    const visibility = rng.chance(0.15) ? "private" : "order_book_public";
    const hour = rng.int(0, 23) * 3_600_000;
    return { ...quote(side, rng.between(8, 12), refreshed, { visibility }), refreshedAt: refreshed * DAY_MS + hour, openedAt: opened * DAY_MS + hour, closedAt: closed === null ? null : closed * DAY_MS + hour };
  });
  return { trades: Array.from({ length: trades }, () => trade(START + rng.int(0, 200), rng.between(9, 11))), orders };
}

/** The inputs as they stand at `now`: what came after it has not happened yet. */
function asOf(inputs: CompanyInputs, now: number): CompanyInputs {
  const orders = inputs.orders
    .filter((o) => o.openedAt <= now)
    .map((o) => ({ ...o, refreshedAt: o.refreshedAt <= now ? o.refreshedAt : o.openedAt, closedAt: o.closedAt !== null && o.closedAt <= now ? o.closedAt : null }));
  return { trades: inputs.trades.filter((t) => Date.parse(t.date) <= now), orders };
}

describe("a company's history", () => {
  it("keeps the book day by day as its definition has it: opened, refreshed, closed (the same day too), private never", () => {
    const rng = new Rng(46);
    const to = START + 200;
    for (let company = 0; company < 20; company++) {
      const inputs = randomInputs(rng);
      expect(companyHistory(inputs, NO_FACTORS, dayDate(to)).marks).toEqual(definition(inputs, to));
    }
  });

  it("walked to keep only its last days (the updater's), makes those days' marks and the state as the whole walk does", () => {
    const rng = new Rng(4646);
    for (let company = 0; company < 30; company++) {
      const inputs = randomInputs(rng, rng.int(0, 12));
      const to = START + rng.int(150, 260);
      const whole = companyHistory(inputs, NO_FACTORS, dayDate(to));
      for (const back of [0, 1, 5, 40]) {
        const from = dayDate(to - back);
        const kept = companyHistory(inputs, NO_FACTORS, dayDate(to), from);
        expect(kept.marks).toEqual(whole.marks.filter((mark) => mark.date >= from));
        expect(kept.state).toEqual(whole.state);
      }
    }
  });

  it("passed over to a day after its end, still leaves the whole walk's state", () => {
    const inputs = randomInputs(new Rng(7));
    const to = dayDate(START + 220);
    const kept = companyHistory(inputs, NO_FACTORS, to, dayDate(START + 230));
    expect(kept.marks).toEqual([]);
    expect(kept.state).toEqual(companyHistory(inputs, NO_FACTORS, to).state);
  });

  it("made again after a write to today's book, from the stored state and the open orders, is the whole walk's today and state", () => {
    const rng = new Rng(4647);
    let compared = 0;
    for (let company = 0; company < 40; company++) {
      const today = START + rng.int(150, 230);
      const at = today * DAY_MS + rng.int(0, 23) * 3_600_000;
      const inputs = asOf(randomInputs(rng, rng.int(0, 12)), today * DAY_MS);
      const before = companyHistory(inputs, NO_FACTORS, dayDate(today)).state;
      if (!before) continue;
      // Stored as JSON, as mark_states keeps it.
      const stored = JSON.parse(JSON.stringify(before));
      const orders = inputs.orders.map((o) => ({ ...o }));
      const open = orders.filter((o) => o.visibility !== "private" && o.closedAt === null && Math.floor(o.openedAt / DAY_MS) <= today);
      const write = rng.int(0, 2);
      if (write === 0 || open.length === 0) orders.push({ ...quote(rng.chance(0.5) ? "bid" : "offer", rng.between(8, 12), today), refreshedAt: at, openedAt: at, closedAt: null });
      else if (write === 1) Object.assign(rng.pick(open), { price: rng.between(8, 12), refreshedAt: at });
      else rng.pick(open).closedAt = at;
      const changed = { ...inputs, orders };
      const whole = companyHistory(changed, NO_FACTORS, dayDate(today), dayDate(today));
      expect(rebookToday(stored, NO_FACTORS, orders, dayDate(today))).toEqual(whole);
      compared++;
    }
    expect(compared).toBeGreaterThan(30);
  });

  it("is refused for a state that does not stand at today", () => {
    const inputs = randomInputs(new Rng(8));
    const state = companyHistory(inputs, NO_FACTORS, dayDate(START + 200)).state!;
    expect(() => rebookToday(state, NO_FACTORS, inputs.orders, dayDate(START + 201))).toThrow(RangeError);
  });
});
