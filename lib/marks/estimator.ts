import { tradeAdjustment, type MarketFactors } from "./adjustments";
import { bookBounds, bookView, liveQuotes, orderImbalance, sizeWeight } from "./book";
import { dayDate, dayNumber, DAY_MS } from "../domain/days";
import { priceDecimal } from "./format";
import { DEFAULT_PARAMS, type MarkParams } from "./params";
import { median, robustWeight } from "./robust";
import type { Mark, MarkMethod, QuoteObservation, TradeObservation } from "./types";

/**
 * The daily mark of one company (docs/marks.md): a robust Kalman filter on the log-price over the
 * company's trades, fused each day with what its current book says. A caller walks the company's
 * days in order, feeding each day's new trades and, when it changed, the book: a day costs the
 * new observations and the book, never the history. Pure: no database, no clock.
 */

/** Everything the series carries from one day to the next: JSON, for storing beside the day's mark. */
export interface MarkState {
  day: number | null;
  /** The trades' estimate (log-price on the footing), its variance and the day it was last updated. */
  trend: { x: number; p: number; day: number } | null;
  /** Trades beyond the cutoff in a row, all on one side: `restartAfter` of them restart the estimate. */
  rejected: { y: number; r: number; side: number }[];
  /** Day and kind of the trades of the last windowDays, oldest first. */
  recent: { day: number; verified: boolean }[];
  lastTradeDay: number | null;
  book: QuoteObservation[];
  /** The last mark, in log units, for carrying it forward. */
  last: { day: number; x: number; v: number; imbalance: number | null } | null;
}

/** The band's half-width in log units about a mark of variance `v`: where the next verified trade should fall. */
function bandHalfWidth(v: number, params: MarkParams): number {
  return params.bandZ * Math.sqrt(v + params.verifiedVariance);
}

const EMPTY: MarkState = { day: null, trend: null, rejected: [], recent: [], lastTradeDay: null, book: [], last: null };

export class MarkSeries {
  private readonly s: MarkState;
  private priced: { x: number; text: string } | undefined;
  /** Days passed over (passDay) whose book and mark are not made yet: the last fresh one, and the last whose book changed. */
  private pending: { fresh: number | null; book: number | null } | null = null;

  constructor(
    private readonly factors: MarketFactors,
    state: MarkState = EMPTY,
    private readonly params: MarkParams = DEFAULT_PARAMS,
  ) {
    this.s = structuredClone(state);
  }

  /**
   * The state after the last day fed, to store and resume from (new MarkSeries(factors, state)).
   * The series' own, not a copy (a copy was a fifth of a busy company's update): store it before
   * feeding another day.
   */
  snapshot(): MarkState {
    this.settled();
    return this.s;
  }

  /**
   * The mark of `date`, after that day's new trades (sign date on or before it; an older one
   * counts as old as it is) and, if the book changed that day, the whole visible book. Days come
   * in order; days skipped are carried. Null until the company has an observation.
   */
  advance(date: string, trades: readonly TradeObservation[] = [], book?: readonly QuoteObservation[]): Mark | null {
    return this.advanceDay(dayNumber(date), trades, book);
  }

  /** advance() by day number (lib/domain/days.ts): a rebuild's walk, without turning each day into a date and back. */
  advanceDay(day: number, trades: readonly TradeObservation[] = [], book?: readonly QuoteObservation[]): Mark | null {
    this.settled();
    this.enterDay(day, trades);
    if (book) this.s.book = liveQuotes(book, (day + 1) * DAY_MS, this.params);
    const fresh = trades.length > 0 || book !== undefined;
    if (fresh) this.remark(day);
    return this.mark(day, fresh);
  }

  /**
   * The mark of the day the series stands at, made again with `book` (the whole visible book now)
   * in place of the day's book: the same mark as advanceDay of that day with this book, its trades
   * being in the filter already (the updater's path for a write to the book, lib/marks/history.ts).
   */
  rebook(day: number, book: readonly QuoteObservation[]): Mark | null {
    this.settled();
    if (this.s.day !== day) throw new RangeError(`the series stands at ${this.s.day === null ? "no day" : dayDate(this.s.day)}, not ${dayDate(day)}`);
    this.s.book = liveQuotes(book, (day + 1) * DAY_MS, this.params);
    this.remark(day);
    return this.mark(day, true);
  }

  /**
   * A day whose mark nobody keeps (the updater keeps only today's, lib/marks/history.ts): its
   * trades are fed, but the book and the mark, which the next fresh day replaces, are made only
   * once, for the last such day, by catchUp. A day's trades change the filter; its book and mark
   * change nothing that a later fresh day does not make again. The book is the walk's costliest
   * part: the busiest company's current mark ~200 → ~20 ms (docs/marks.md, "Storage and updates").
   */
  passDay(day: number, trades: readonly TradeObservation[] = [], bookChanged = false): void {
    this.enterDay(day, trades);
    const pending = (this.pending ??= { fresh: null, book: null });
    if (bookChanged) pending.book = day;
    if (bookChanged || trades.length > 0) pending.fresh = day;
  }

  /**
   * After passDay's days: `book()` is the book as the last of them left it. Makes the state that
   * advanceDay would have left: the book as of the last day it changed, the mark as of the last
   * fresh day, the window's trades as of the last day.
   */
  catchUp(book: () => readonly QuoteObservation[]): void {
    const pending = this.pending;
    this.pending = null;
    if (pending?.book != null) this.s.book = liveQuotes(book(), (pending.book + 1) * DAY_MS, this.params);
    if (pending?.fresh != null) this.remark(pending.fresh);
    if (this.s.day !== null) this.forgetBefore(this.s.day - this.params.windowDays + 1);
  }

  /** The trades of the window ending on a day starting at `from`: older ones are dropped. */
  private forgetBefore(from: number): MarkState["recent"] {
    const recent = this.s.recent;
    let drop = 0;
    while (drop < recent.length && recent[drop].day < from) drop++;
    if (drop) recent.splice(0, drop);
    return recent;
  }

  private settled(): void {
    if (this.pending) throw new Error("days were passed over: catchUp first");
  }

  private enterDay(day: number, trades: readonly TradeObservation[]): void {
    if (this.s.day !== null && day <= this.s.day) throw new RangeError(`days must come in order: ${dayDate(day)} after ${dayDate(this.s.day)}`);
    this.s.day = day;
    for (const t of trades) this.addTrade(t, day);
  }

  private addTrade(t: TradeObservation, day: number): void {
    const { params } = this;
    const tradeDay = Math.min(dayNumber(t.date), day);
    this.s.recent.splice(this.insertionPoint(tradeDay), 0, { day: tradeDay, verified: t.verified });
    this.s.lastTradeDay = Math.max(this.s.lastTradeDay ?? tradeDay, tradeDay);
    const y = Math.log(t.price) - tradeAdjustment(this.factors, t.structure, t.stockClassType);
    // Kind, size and age: an unverified trade counts less, a large one more, an old one less.
    const r = ((t.verified ? params.verifiedVariance : params.unverifiedVariance) + params.dailyVariance * (day - tradeDay)) / sizeWeight(t.volume, params.tradeSize, params);
    const trend = this.s.trend;
    if (!trend) {
      this.s.trend = { x: y, p: r, day };
      return;
    }
    const p = trend.p + params.dailyVariance * (day - trend.day);
    const innovation = y - trend.x;
    const z = innovation / Math.sqrt(p + r);
    const weight = robustWeight(z, params.robustCutoff);
    if (weight < 1) this.reject(y, r, Math.sign(z));
    else this.s.rejected = [];
    const gain = p / (p + r / weight);
    this.s.trend = { x: trend.x + gain * innovation, p: (1 - gain) * p, day };
    if (this.s.rejected.length >= params.restartAfter) {
      // The price moved: the trades that kept disagreeing become the estimate.
      const run = this.s.rejected;
      this.s.trend = { x: median(run.map((o) => o.y)), p: Math.max(...run.map((o) => o.r)), day };
      this.s.rejected = [];
    }
  }

  private reject(y: number, r: number, side: number): void {
    const run = this.s.rejected;
    if (run.length && run[0].side !== side) run.length = 0;
    run.push({ y, r, side });
  }

  /** Where a trade of `day` goes in `recent` (nearly always the end: trades come in order). */
  private insertionPoint(day: number): number {
    let i = this.s.recent.length;
    while (i > 0 && this.s.recent[i - 1].day > day) i--;
    return i;
  }

  /** Today's mark from the trades' estimate and the book, on a day something new came. */
  private remark(day: number): void {
    const { params } = this;
    const at = (day + 1) * DAY_MS;
    const trend = this.s.trend;
    const view = this.s.book.length ? bookView(this.s.book, at, this.factors, params, trend?.x ?? null) : null;
    let x: number;
    let v: number;
    if (trend) {
      const p = trend.p + params.dailyVariance * (day - trend.day);
      x = trend.x;
      v = p;
      if (view) {
        const w = robustWeight((view.y - x) / Math.sqrt(p + view.variance), params.robustCutoff);
        const precision = 1 / p + w / view.variance;
        x = (x / p + (w * view.y) / view.variance) / precision;
        v = 1 / precision;
      }
    } else if (view) {
      x = view.y;
      v = view.variance;
    } else return;
    // A fresh quote of size inside the mark's band holds it; one beyond the band is more likely a
    // mistake than the market, like a trade at 10×, and bounds nothing (docs/marks.md, "The book's bounds").
    const bounds = this.s.book.length ? bookBounds(this.s.book, at, this.factors, params) : null;
    if (bounds) {
      const reach = bandHalfWidth(v, params);
      if (bounds.ceiling < x && x - bounds.ceiling <= reach) x = bounds.ceiling;
      else if (bounds.floor > x && bounds.floor - x <= reach) x = bounds.floor;
    }
    this.s.last = { day, x, v, imbalance: orderImbalance(this.s.book, x, this.factors, params) };
  }

  private mark(day: number, fresh: boolean): Mark | null {
    const last = this.s.last;
    if (!last) return null;
    const { params } = this;
    const recent = this.forgetBefore(day - params.windowDays + 1);
    const verified = recent.reduce((n, t) => n + (t.verified ? 1 : 0), 0);
    const quotes = this.s.book.filter((q) => q.refreshedAt > (day + 1 - params.windowDays) * DAY_MS).length;
    // A carried mark's variance grows by a day's wandering for each day since it was made.
    const v = last.v + params.dailyVariance * (day - last.day);
    const half = bandHalfWidth(v, params);
    return {
      date: dayDate(day),
      price_per_share: this.priceText(last.x),
      low: priceDecimal(Math.exp(last.x - half), "down"),
      high: priceDecimal(Math.exp(last.x + half), "up"),
      method: fresh ? this.method(day, last.v) : "carried",
      data_points_180d: recent.length + quotes,
      trades_180d: recent.length,
      days_since_last_trade: this.s.lastTradeDay === null ? null : day - this.s.lastTradeDay,
      order_imbalance: last.imbalance,
      basis: { verified_trades: verified, unverified_trades: recent.length - verified, quotes },
    };
  }

  /** The price of log-price `x` as text: the same as the day before's while the mark is carried (most days). */
  private priceText(x: number): string {
    if (this.priced?.x !== x) this.priced = { x, text: priceDecimal(Math.exp(x)) };
    return this.priced.text;
  }

  /** What a fresh mark rests on: the book's share of its precision decides. */
  private method(day: number, v: number): MarkMethod {
    const trend = this.s.trend;
    const tradedLately = this.s.lastTradeDay !== null && day - this.s.lastTradeDay < this.params.windowDays;
    if (!trend || !tradedLately) return this.s.book.length ? "quotes" : "trades";
    const p = trend.p + this.params.dailyVariance * (day - trend.day);
    const bookShare = 1 - v / p;
    return bookShare < 0.1 ? "trades" : bookShare > 0.9 ? "quotes" : "trades_and_quotes";
  }
}
