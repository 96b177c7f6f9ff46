import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fromStoredDecimal } from "../../lib/domain/decimal";
import { COMPANY_CAPACITY, companyRow, companySlug, type CompanyStyle } from "./company-rows";
import { indicationRow, tradeRow } from "./record-rows";
import { referencePrice } from "./record-values";
import { BASE_TIME, SEED } from "./generators";
import { DEFAULT_COUNTS, rowContext } from "./run";
import { LARGE_SEED } from "./large-scales";

// SHA-256 of the JSON of the first 50 companies of each data set. The demo rows are what the
// dashboard and the browser tests show; the large rows are the benchmark's data set. A change of
// either (an extra random draw, a reordered field) must be deliberate: update the pin with it.
const PINS: Record<CompanyStyle, { seed: number; sha256: string }> = {
  demo: { seed: SEED, sha256: "df3e9c98520618288d152b47a8ff0e41842e02b458264344f75f2f15afb892df" },
  large: { seed: LARGE_SEED, sha256: "68b57080e8ee0a1acaca423e12890fd447ea6f64b9254f6e99497d06af125d28" },
};

describe("companyRow", () => {
  for (const style of ["demo", "large"] as const) {
    it(`${style}: the first 50 rows are pinned`, () => {
      const rows = Array.from({ length: 50 }, (_, i) => companyRow(PINS[style].seed, i, style));
      expect(createHash("sha256").update(JSON.stringify(rows)).digest("hex")).toBe(PINS[style].sha256);
    });

    it(`${style}: names are unique up to the capacity, and no further`, () => {
      const count = COMPANY_CAPACITY[style];
      const names = new Set(Array.from({ length: count }, (_, i) => companyRow(1, i, style).name));
      expect(names.size).toBe(count);
      expect(() => companyRow(1, count, style)).toThrow(RangeError);
    });
  }
});

describe("the demo market", () => {
  const companies = Array.from({ length: DEFAULT_COUNTS.companies }, (_, i) => companyRow(SEED, i));
  const ctx = rowContext(SEED, BASE_TIME, companies.map((c) => ({ id: c.id, slug: companySlug(c.name) })));
  const number = (stored: string) => Number(fromStoredDecimal(stored));

  it("no company's open book is crossed: every open bid is below every open offer", () => {
    const books = new Map<string, { bid: number; offer: number }>();
    for (let i = 0; i < DEFAULT_COUNTS.indications; i++) {
      const row = indicationRow(ctx, i);
      if (row.stage !== "open") continue;
      const book = books.get(row.issuerId) ?? { bid: 0, offer: Infinity };
      const price = number(row.pricePerShare);
      if (row.side === "bid") book.bid = Math.max(book.bid, price);
      else book.offer = Math.min(book.offer, price);
      books.set(row.issuerId, book);
    }
    const crossed = [...books].filter(([, book]) => book.bid >= book.offer);
    expect(crossed).toEqual([]);
    expect([...books.values()].filter((book) => book.bid > 0 && book.offer < Infinity).length).toBeGreaterThan(50);
  });

  it("trades print within a few percent of their company's price on the day, which moves over time", () => {
    for (let i = 0; i < 500; i++) {
      const row = tradeRow(ctx, i);
      const reference = referencePrice(row.issuerId, Date.parse(`${row.signDate}T00:00:00Z`));
      expect(number(row.pricePerShare) / reference, row.permalinkId).toBeGreaterThan(0.9);
      expect(number(row.pricePerShare) / reference, row.permalinkId).toBeLessThan(1.1);
    }
    const id = companies[0].id;
    expect(referencePrice(id, BASE_TIME)).not.toBeCloseTo(referencePrice(id, BASE_TIME - 365 * 86_400_000), 2);
  });
});
