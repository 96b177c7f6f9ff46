import { describe, expect, it } from "vitest";
import { Rng } from "../random";
import { NO_FACTORS } from "./adjustments";
import { dayDate, DAY_MS } from "./days";
import { MarkSeries } from "./estimator";
import { companyHistory, type BookOrder, type CompanyInputs } from "./history";
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

describe("a company's history", () => {
  it("keeps the book day by day as its definition has it: opened, refreshed, closed (the same day too), private never", () => {
    const rng = new Rng(46);
    const to = START + 200;
    for (let company = 0; company < 20; company++) {
      const orders: BookOrder[] = Array.from({ length: 40 }, () => {
        const opened = START + rng.int(0, 180);
        const closed = rng.chance(0.6) ? opened + rng.int(0, 40) : null;
        const refreshed = opened + rng.int(0, 60);
        const side = rng.chance(0.5) ? "bid" : "offer";
        const visibility = rng.chance(0.15) ? "private" : "order_book_public";
        const hour = rng.int(0, 23) * 3_600_000;
        return { ...quote(side, rng.between(8, 12), refreshed, { visibility }), refreshedAt: refreshed * DAY_MS + hour, openedAt: opened * DAY_MS + hour, closedAt: closed === null ? null : closed * DAY_MS + hour };
      });
      const trades = Array.from({ length: 8 }, () => trade(START + rng.int(0, 200), rng.between(9, 11)));
      const inputs = { trades, orders };
      expect(companyHistory(inputs, NO_FACTORS, dayDate(to)).marks).toEqual(definition(inputs, to));
    }
  });
});
