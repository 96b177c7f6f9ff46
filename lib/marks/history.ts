import type { MarketFactors } from "./adjustments";
import { dayNumber, DAY_MS } from "../domain/days";
import { MarkSeries, type MarkState } from "./estimator";
import type { Mark, QuoteObservation, TradeObservation } from "./types";

/**
 * A company's marks over its days, from what the market view shows every caller with `companies`
 * (docs/marks.md, "Storage and updates"): its tape (verified trades, entered on their sign date)
 * and its orders that are not private, each in the book from the day it opened until the day it
 * closed. Pure: the rebuild, the updater and the tests walk a company through here alike.
 */

/** An order as history knows it: its current terms, when it opened, was last refreshed and closed. */
export interface BookOrder extends QuoteObservation {
  openedAt: number;
  /** When it left the book (its last change, for a closed order), or null while open. */
  closedAt: number | null;
}

export interface CompanyInputs {
  /** The tape, in any order. */
  trades: readonly TradeObservation[];
  orders: readonly BookOrder[];
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * The order as the book shows it from `day` on, while it is in the book. A refresh is known only
 * by its last time: before it, the order counts as refreshed when it opened.
 */
function asQuote(order: BookOrder, day: number): QuoteObservation {
  const refreshedAt = dayOf(order.refreshedAt) <= day ? order.refreshedAt : order.openedAt;
  return { side: order.side, price: order.price, volume: order.volume, structures: order.structures, stockClassType: order.stockClassType, visibility: order.visibility, refreshedAt };
}

/** What changes the book on a day: the orders (by index) that open, are refreshed and close. */
interface BookChange {
  opened: number[];
  refreshed: number[];
  closed: number[];
}

/** The days on which the book changed (an order opened, was refreshed or closed), with what changed. */
function bookChanges(orders: readonly BookOrder[]): Map<number, BookChange> {
  const changes = new Map<number, BookChange>();
  const on = (day: number) => {
    let change = changes.get(day);
    if (!change) changes.set(day, (change = { opened: [], refreshed: [], closed: [] }));
    return change;
  };
  orders.forEach((o, i) => {
    if (o.visibility === "private") return;
    on(dayOf(o.openedAt)).opened.push(i);
    on(dayOf(o.refreshedAt)).refreshed.push(i);
    if (o.closedAt !== null) on(dayOf(o.closedAt)).closed.push(i);
  });
  return changes;
}

/**
 * The book as a set kept across the days: an order joins on the day it opened and leaves on the
 * day it closed (the same day: never in it), so a day costs its changes and the open book, not
 * every order the company ever had. The book is handed over in the orders' own order.
 */
class OpenBook {
  private readonly open = new Map<number, QuoteObservation>();
  /** The open orders' indexes, kept in order (a sort each day was a rebuild's largest single cost). */
  private readonly order: number[] = [];
  constructor(private readonly orders: readonly BookOrder[]) {}

  apply(change: BookChange, day: number): void {
    for (const i of change.opened) {
      if (!this.open.has(i)) this.order.splice(this.position(i), 0, i);
      this.open.set(i, asQuote(this.orders[i], day));
    }
    for (const i of change.refreshed) if (this.open.has(i)) this.open.set(i, asQuote(this.orders[i], day));
    for (const i of change.closed) if (this.open.delete(i)) this.order.splice(this.position(i), 1);
  }

  current(): QuoteObservation[] {
    return this.order.map((i) => this.open.get(i)!);
  }

  /** Where index `i` is or goes in `order` (binary search). */
  private position(i: number): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.order[mid] < i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The first day the company has an observation, or null without any. */
function firstDay(inputs: CompanyInputs): number | null {
  let first = Infinity;
  for (const t of inputs.trades) first = Math.min(first, dayNumber(t.date));
  for (const o of inputs.orders) if (o.visibility !== "private") first = Math.min(first, dayOf(o.openedAt));
  return Number.isFinite(first) ? first : null;
}

export interface History {
  /** The marks from the company's first observation to `to`, oldest first. */
  marks: Mark[];
  /** The state after `to`, to carry the next days from (null without any observation). */
  state: MarkState | null;
}

/** Every day's mark of one company up to `to` (YYYY-MM-DD); `from` keeps only the marks from that day on. */
export function companyHistory(inputs: CompanyInputs, factors: MarketFactors, to: string, from?: string): History {
  const start = firstDay(inputs);
  const end = dayNumber(to);
  if (start === null || start > end) return { marks: [], state: null };
  const keepFrom = from === undefined ? start : dayNumber(from);
  const tradesByDay = new Map<number, TradeObservation[]>();
  for (const t of inputs.trades) {
    const day = dayNumber(t.date);
    if (day > end) continue;
    const list = tradesByDay.get(day);
    if (list) list.push(t);
    else tradesByDay.set(day, [t]);
  }
  const changes = bookChanges(inputs.orders);
  const open = new OpenBook(inputs.orders);
  const series = new MarkSeries(factors);
  const marks: Mark[] = [];
  for (let day = start; day <= end; day++) {
    const change = changes.get(day);
    if (day < keepFrom) {
      // A day not kept: its book and mark are made once, for the last such day (MarkSeries.passDay).
      if (change) open.apply(change, day);
      series.passDay(day, tradesByDay.get(day), change !== undefined);
      continue;
    }
    if (day === keepFrom) series.catchUp(() => open.current());
    if (change) open.apply(change, day);
    const mark = series.advanceDay(day, tradesByDay.get(day), change && open.current());
    if (mark) marks.push(mark);
  }
  if (keepFrom > end) series.catchUp(() => open.current());
  return { marks, state: series.snapshot() };
}

/**
 * Today's mark made again after a write to the book today, from the state the series stands at
 * today (stored) and the orders open now: only the book moved, so the filter's trades stand and
 * the walk is not made again. The same mark and state as companyHistory to today on the new book,
 * whose today is a day the book changed (lib/marks/history.test.ts; docs/marks.md, "Storage and
 * updates").
 */
export function rebookToday(state: MarkState, factors: MarketFactors, open: readonly BookOrder[], today: string): History {
  const day = dayNumber(today);
  const book = open.filter((o) => o.visibility !== "private" && o.closedAt === null && dayOf(o.openedAt) <= day).map((o) => asQuote(o, day));
  const series = new MarkSeries(factors, state);
  const mark = series.rebook(day, book);
  return { marks: mark ? [mark] : [], state: series.snapshot() };
}

/** The days after a stored state up to `to`, each carried (nothing new came): the daily roll. */
export function carryForward(state: MarkState, factors: MarketFactors, to: string): { marks: Mark[]; state: MarkState } {
  const series = new MarkSeries(factors, state);
  const marks: Mark[] = [];
  for (let day = (state.day ?? dayNumber(to)) + 1; day <= dayNumber(to); day++) {
    const mark = series.advanceDay(day);
    if (mark) marks.push(mark);
  }
  return { marks, state: series.snapshot() };
}
