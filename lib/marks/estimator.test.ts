import { describe, expect, it } from "vitest";
import { Rng } from "../random";
import { NO_FACTORS } from "./adjustments";
import { DAY_MS, dayDate } from "../domain/days";
import { MarkSeries, type MarkState } from "./estimator";
import { DEFAULT_PARAMS } from "./params";
import { START, quote, trade } from "./test-helpers";
import type { Mark, QuoteObservation, TradeObservation } from "./types";

/** A series that has seen a trade at 10 every 3 days for 60 days (a settled mark of ~10). */
function settled(): { series: MarkSeries; day: number } {
  const series = new MarkSeries(NO_FACTORS);
  let day = START;
  for (; day < START + 60; day += 3) series.advance(dayDate(day), [trade(day, day % 2 ? 10.1 : 9.9)]);
  return { series, day };
}

function markAfter(trades: (day: number) => TradeObservation[], book?: (day: number) => QuoteObservation[]): Mark {
  const { series, day } = settled();
  return series.advance(dayDate(day), trades(day), book?.(day))!;
}

const price = (m: Mark | null) => Number(m!.price_per_share);

describe("the mark's weights", () => {
  it("counts a verified trade more than an unverified one, a large one more than a small one, a fresh one more than an old one", () => {
    const verified = price(markAfter((d) => [trade(d, 12)]));
    const unverified = price(markAfter((d) => [trade(d, 12, { verified: false })]));
    const small = price(markAfter((d) => [trade(d, 12, { volume: 20_000 })]));
    const old = price(markAfter((d) => [trade(d - 50, 12)]));
    expect(verified).toBeGreaterThan(unverified);
    expect(unverified).toBeGreaterThan(10);
    expect(verified).toBeGreaterThan(small);
    expect(verified).toBeGreaterThan(old);
  });

  it("lets a stale quote pull less than a fresh one (age from last_refreshed_at)", () => {
    const fresh = price(markAfter(() => [], (d) => [quote("bid", 11, d), quote("offer", 12, d)]));
    const stale = price(markAfter(() => [], (d) => [quote("bid", 11, d - 120), quote("offer", 12, d - 120)]));
    expect(fresh).toBeGreaterThan(stale);
    expect(stale).toBeGreaterThan(10);
  });

  it("never lets a private order move the mark, even at 1,000×", () => {
    const without = markAfter((d) => [trade(d, 10)]);
    const withPrivate = markAfter((d) => [trade(d, 10)], (d) => [quote("bid", 10_000, d, { visibility: "private" })]);
    expect(withPrivate.price_per_share).toBe(without.price_per_share);
    expect(withPrivate.data_points_180d).toBe(without.data_points_180d);
  });
});

describe("robustness", () => {
  it("moves by less than 1 % on one trade at 10× the price", () => {
    const { series, day } = settled();
    const before = price(series.advance(dayDate(day)));
    const after = price(series.advance(dayDate(day + 1), [trade(day + 1, 100)]));
    expect(Math.abs(after / before - 1)).toBeLessThan(0.01);
  });

  it("moves by little on a few fresh $1,000 quotes far from a stale book of millions (quotes weigh by their dollars)", () => {
    // The demo's Arcio Therapeutics: last trade 400 days before, a book of millions refreshed months before.
    const today = START + 400;
    const stale = [quote("bid", 42.4, today - 134, { volume: 2_628_000 }), quote("offer", 44.6, today - 87, { volume: 2_606_000 })];
    const tiny = (volume: number) => [
      ...[5, 5].map((p) => quote("offer", p, today, { volume })),
      ...[6, 6, 6.5, 6.5].map((p) => quote("bid", p, today, { volume })),
    ];
    const markWith = (book: QuoteObservation[]) => {
      const series = new MarkSeries(NO_FACTORS);
      series.advance(dayDate(START), [trade(START, 30, { volume: 23_000 })]);
      const before = price(series.advance(dayDate(today - 1), [], stale));
      return price(series.advance(dayDate(today), [], book)) / before - 1;
    };
    expect(Math.abs(markWith([...stale, ...tiny(1_000)]))).toBeLessThan(0.01);
    // The same orders at $2M each are a market that moved, and the mark follows them.
    expect(markWith([...stale, ...tiny(2_000_000)])).toBeLessThan(-0.7);
  });

  describe("the book's scatter: one order far from a book that agrees elsewhere", () => {
    // The demo's Lumiline: its last trade 216 days before, a book of millions refreshed 60–172 days before.
    const today = START + 300;
    const stale = [
      quote("bid", 86.9, today - 172, { volume: 4_200_000 }),
      quote("bid", 88.5, today - 60, { volume: 25_000_000 }),
      quote("bid", 84.7, today - 165, { volume: 26_000_000 }),
      quote("offer", 97.9, today - 108, { volume: 693_000 }),
    ];
    const moveWith = (book: QuoteObservation[], params = DEFAULT_PARAMS) => {
      const series = new MarkSeries(NO_FACTORS, undefined, params);
      series.advance(dayDate(today - 216), [trade(today - 216, 91)]);
      const before = price(series.advance(dayDate(today - 1), [], stale));
      return price(series.advance(dayDate(today), [], book)) / before - 1;
    };
    const lone = (side: "bid" | "offer", at: number) => quote(side, at, today, { volume: 500_000 });

    it("moves by under 15 % on a fresh $500,000 offer at half the mark, or a bid at twice it (over 25 % without the rule)", () => {
      expect(moveWith([...stale, lone("offer", 46)])).toBeGreaterThan(-0.15);
      expect(moveWith([...stale, lone("bid", 184)])).toBeLessThan(0.15);
      expect(moveWith([...stale, lone("offer", 46)], { ...DEFAULT_PARAMS, bookScatter: 0 })).toBeLessThan(-0.25);
    });

    it("follows several fresh orders that agree: a market that moved", () => {
      const fall = [lone("offer", 46), lone("offer", 47), lone("bid", 44), lone("bid", 45), lone("offer", 46.5)].map((q) => ({ ...q, volume: 2_000_000 }));
      expect(moveWith([...stale, ...fall])).toBeLessThan(-0.3);
    });
  });

  describe("a quote far behind the book (a bid says the price is at least its own, not that it is no more)", () => {
    // CI's docs examples on the demo: Arcio's stale book of millions, its last trade 400 days old.
    const today = START + 400;
    const stale = [quote("bid", 42.43, today - 134, { volume: 2_628_000 }), quote("offer", 44.6, today - 87, { volume: 2_606_000 })];
    const moveWith = (book: QuoteObservation[], base = stale) => {
      const series = new MarkSeries(NO_FACTORS);
      series.advance(dayDate(START), [trade(START, 43, { volume: 23_000 })]);
      const before = price(series.advance(dayDate(today - 1), [], base));
      return price(series.advance(dayDate(today), [], book)) / before - 1;
    };

    it("moves by under 2 % on a fresh $1M bid at a third of the book, or an offer at thrice it", () => {
      expect(Math.abs(moveWith([...stale, quote("bid", 12.5, today)]))).toBeLessThan(0.02);
      expect(Math.abs(moveWith([...stale, quote("offer", 135, today)]))).toBeLessThan(0.02);
      // With one side only, the quotes are judged against the trades' estimate.
      expect(Math.abs(moveWith([stale[0], quote("bid", 12.5, today)], [stale[0]]))).toBeLessThan(0.02);
    });

    it("follows fresh quotes on the side that moved: a fall in the offers, a rise in the bids", () => {
      expect(moveWith([...stale, quote("offer", 30, today), quote("bid", 28, today)])).toBeLessThan(-0.25);
      expect(moveWith([...stale, quote("bid", 60, today), quote("offer", 64, today)])).toBeGreaterThan(0.25);
      expect(moveWith([...stale, quote("bid", 60, today)])).toBeGreaterThan(0.1);
    });
  });

  describe("the book's bounds (one could buy below a mark above an offer)", () => {
    // Trades at ~10; a book of $1M bids at 8.8 and an offer at 9.2: fused, the mark sits above the offer.
    const book = (offer: Partial<QuoteObservation>, bid = 8.8) => (d: number) => [quote("bid", bid, d), quote("offer", 9.2, d, offer)];

    it("holds the mark at or under a fresh offer of $100,000 or more, at or over such a bid", () => {
      expect(price(markAfter(() => [], book({})))).toBe(9.2);
      const floor = price(markAfter(() => [], (d) => [quote("bid", 10.6, d), quote("offer", 11.4, d)]));
      expect(floor).toBe(10.6);
    });

    it("is not bounded by a small offer, a stale one, or a crossed book", () => {
      expect(price(markAfter(() => [], book({ volume: 1_000 })))).toBeGreaterThan(9.2);
      expect(price(markAfter(() => [], (d) => book({ refreshedAt: (d - 8) * DAY_MS })(d)))).toBeGreaterThan(9.2);
      expect(price(markAfter(() => [], book({}, 9.6)))).toBeGreaterThan(9.2);
    });

    it("is not bounded by a quote beyond the mark's band: a $1M bid at 1,000× it is a mistake, not a floor", () => {
      const plain = price(markAfter(() => []));
      const bounded = price(markAfter(() => [], (d) => [quote("bid", plain * 1000, d)]));
      expect(bounded).toBeLessThan(plain * 1.02);
      expect(price(markAfter(() => [], (d) => [quote("offer", plain * 0.5, d)]))).toBeGreaterThan(plain * 0.5);
    });
  });

  it("follows a real move: three trades in a row far away restart the mark from them", () => {
    const { series, day } = settled();
    let mark: Mark | null = null;
    for (let k = 1; k <= 3; k++) mark = series.advance(dayDate(day + k), [trade(day + k, 15)]);
    expect(price(mark)).toBeCloseTo(15, 0);
  });
});

describe("carrying forward", () => {
  it("keeps the price, says carried, widens the band; null before any observation", () => {
    const series = new MarkSeries(NO_FACTORS);
    expect(series.advance(dayDate(START))).toBeNull();
    const made = series.advance(dayDate(START + 1), [trade(START + 1, 10)])!;
    const week = series.advance(dayDate(START + 8))!;
    const month = series.advance(dayDate(START + 31))!;
    expect(made.method).toBe("trades");
    expect([week.method, month.method]).toEqual(["carried", "carried"]);
    expect([week.price_per_share, month.price_per_share]).toEqual(["10", "10"]);
    const width = (m: Mark) => Number(m.high) - Number(m.low);
    expect(width(week)).toBeGreaterThan(width(made));
    expect(width(month)).toBeGreaterThan(width(week));
    expect(month.days_since_last_trade).toBe(30);
  });

  it("resumes from a snapshot as if it had never stopped", () => {
    const { series, day } = settled();
    const stored: MarkState = JSON.parse(JSON.stringify(series.snapshot()));
    const resumed = new MarkSeries(NO_FACTORS, stored);
    const next = [trade(day, 10.4), trade(day, 100)];
    expect(resumed.advance(dayDate(day), next)).toEqual(series.advance(dayDate(day), next));
  });

  it("refuses days out of order", () => {
    const { series, day } = settled();
    expect(() => series.advance(dayDate(day - 3))).toThrow(RangeError);
  });
});

describe("what the mark says of itself", () => {
  it("names its method by what it rests on", () => {
    const quotesOnly = new MarkSeries(NO_FACTORS).advance(dayDate(START), [], [quote("bid", 9.5, START), quote("offer", 10.5, START)])!;
    expect(quotesOnly.method).toBe("quotes");
    expect(price(quotesOnly)).toBeCloseTo(10, 0);
    // Close together: with no side factors, a bid and an offer far apart disagree, and count less (the book's scatter).
    expect(markAfter((d) => [trade(d, 10)], (d) => [quote("bid", 9.9, d), quote("offer", 10.1, d)]).method).toBe("trades_and_quotes");
    expect(markAfter((d) => [trade(d, 10)]).method).toBe("trades");
  });

  it("counts the data points of 180 days by kind", () => {
    const series = new MarkSeries(NO_FACTORS);
    series.advance(dayDate(START), [trade(START, 10), trade(START, 10, { verified: false })]);
    const mark = series.advance(dayDate(START + 200), [trade(START + 200, 10)], [quote("bid", 9.5, START + 199), quote("offer", 11, START)])!;
    expect(mark.basis).toEqual({ verified_trades: 1, unverified_trades: 0, quotes: 1 });
    expect(mark.data_points_180d).toBe(2);
    // The trades stored beside it: the unverified one of START is past the window.
    expect(mark.trades_180d).toBe(1);
    expect(mark.days_since_last_trade).toBe(0);
  });

  it("measures the order imbalance near the mark: (bid − offer) / (bid + offer) within ±10 %", () => {
    const book = (d: number) => [
      quote("bid", 9.6, d, { volume: 3_000_000 }),
      quote("offer", 10.4, d, { volume: 1_000_000 }),
      // Too far from the mark to count.
      quote("offer", 13, d, { volume: 50_000_000 }),
    ];
    expect(markAfter((d) => [trade(d, 10)], book).order_imbalance).toBeCloseTo(0.5, 2);
    expect(markAfter((d) => [trade(d, 10)]).order_imbalance).toBeNull();
  });
});

describe("the band", () => {
  it("holds about 80 % of next trades when trades scatter ±4 % about a wandering price", () => {
    const rng = new Rng(46);
    const series = new MarkSeries(NO_FACTORS);
    let level = Math.log(20);
    let inside = 0;
    let tested = 0;
    let mark: Mark | null = null;
    for (let day = START; day < START + 720; day++) {
      level += 0.01 * (rng.float() - 0.5);
      const todays = rng.chance(0.3) ? [trade(day, Math.exp(level) * (1 + rng.between(-0.04, 0.04)))] : [];
      if (mark && todays.length) {
        tested++;
        if (Number(mark.low) <= todays[0].price && todays[0].price <= Number(mark.high)) inside++;
      }
      mark = series.advance(dayDate(day), todays);
      expect(Number(mark?.low ?? 0)).toBeLessThanOrEqual(Number(mark?.price_per_share ?? 0));
    }
    expect(inside / tested).toBeGreaterThan(0.7);
    expect(inside / tested).toBeLessThan(0.95);
  });
});
