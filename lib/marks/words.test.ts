import { describe, expect, it } from "vitest";
import { boundWords, imbalanceWords, indexFigure, markSentence, markWords } from "./words";

const mark = {
  date: "2026-12-05",
  price_per_share: "12.4",
  low: "11.9",
  high: "12.95",
  method: "trades_and_quotes" as const,
  data_points_180d: 10,
  trades_180d: 6,
  days_since_last_trade: 12,
  order_imbalance: 0.2,
};

describe("the mark in words", () => {
  it("says the price, its band and what it rests on, from the mark's fields", () => {
    expect(markSentence(mark)).toBe("$12.40 (band $11.90–$12.95) from trades and quotes: 6 verified trades and 4 quotes refreshed in 180 days; last verified trade 12 days ago");
  });

  it("tells the verified trades from the quotes, one or many, and says none of either", () => {
    const points = (data_points_180d: number, trades_180d: number) => markWords({ ...mark, data_points_180d, trades_180d }).points.join(" ");
    expect(points(2, 1)).toBe("1 verified trade and 1 quote refreshed in 180 days");
    expect(points(6, 6)).toBe("6 verified trades and no quotes refreshed in 180 days");
    expect(points(1, 1)).toBe("1 verified trade and no quotes refreshed in 180 days");
    expect(points(4, 0)).toBe("no verified trades and 4 quotes refreshed in 180 days");
    expect(points(1, 0)).toBe("no verified trades and 1 quote refreshed in 180 days");
    expect(points(0, 0)).toBe("no verified trades or quotes refreshed in 180 days");
    expect(points(1_234, 1_000)).toBe("1,000 verified trades and 234 quotes refreshed in 180 days");
  });

  it("says when the mark is carried forward, and when there is no trade", () => {
    expect(markSentence({ ...mark, method: "carried", data_points_180d: 1, trades_180d: 0, days_since_last_trade: null })).toBe(
      "$12.40 (band $11.90–$12.95) carried forward (nothing new came): no verified trades and 1 quote refreshed in 180 days; no verified trade yet",
    );
    expect(markSentence({ ...mark, method: "quotes", data_points_180d: 0, trades_180d: 0, days_since_last_trade: 1 })).toContain("from quotes: no verified trades or quotes refreshed in 180 days; last verified trade yesterday");
  });

  it("says why the mark stands beyond the book's best offer or bid, and nothing when it does not", () => {
    expect(boundWords(mark, "11", "12.1", 2)).toBe("Above the book's best offer, $12.10: only offers of $100,000 or more, refreshed in the last 7 days and inside the mark's band, hold the mark down.");
    expect(boundWords(mark, "12.5", null, 2)).toBe("Below the book's best bid, $12.50: only bids of $100,000 or more, refreshed in the last 7 days and inside the mark's band, hold the mark up.");
    expect(boundWords(mark, "12.4", "12.4", 2)).toBeNull();
    expect(boundWords(mark, null, null, 2)).toBeNull();
    // As the ladder writes it: a price of four places in a book of dollar prices reads "$12.37", in one with a price under $1 "$12.3726".
    expect(boundWords(mark, null, "12.3726", 2)).toMatch(/^Above the book's best offer, \$12\.37:/);
    expect(boundWords(mark, null, "12.3726", 4)).toMatch(/^Above the book's best offer, \$12\.3726:/);
  });

  it("writes an index value to two decimals", () => {
    expect(indexFigure("119.81912441")).toBe("119.82");
    expect(indexFigure("100")).toBe("100.00");
  });

  it("says the order imbalance plainly", () => {
    expect(imbalanceWords(0.2)).toEqual({ figure: "+0.20", words: "more buyers than sellers (bids are 60% of the visible volume within 10% of the mark refreshed in 180 days)" });
    expect(imbalanceWords(-0.5).words).toMatch(/^more sellers than buyers \(bids are 25%/);
    expect(imbalanceWords(0.05).words).toMatch(/^balanced/);
    expect(imbalanceWords(null)).toEqual({ figure: "—", words: "no visible bids or offers within 10% of the mark refreshed in 180 days" });
  });
});
