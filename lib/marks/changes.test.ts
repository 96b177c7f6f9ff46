import { describe, expect, it } from "vitest";
import { toStoredDecimal } from "../domain/decimal";
import { COMPANIES } from "../testing/fixtures/companies";
import { withOwnDatabase } from "../testing/own-database";
import { latestMarkDate, markChanges } from "./changes";

/** The marks' changes from stored rows, on a database of the file's own (its marks written here). */

const own = withOwnDatabase();
const [A, B, C] = COMPANIES;

async function store(companyId: string, marks: Record<string, string>) {
  await own.writer.mark.createMany({
    data: Object.entries(marks).map(([date, price]) => ({
      companyId,
      date,
      pricePerShare: toStoredDecimal(price),
      low: toStoredDecimal(price),
      high: toStoredDecimal(price),
      method: "trades",
      dataPoints180d: 1,
      daysSinceLastTrade: 0,
    })),
  });
}

describe("markChanges", () => {
  it("reads each company's mark on the day beside its marks the day before and 30 days before", async () => {
    await store(A.id, { "2026-11-05": "10", "2026-12-04": "12", "2026-12-05": "13.2" });
    await store(B.id, { "2026-12-04": "20", "2026-12-05": "15" });
    await store(C.id, { "2026-12-06": "5" });

    expect(await latestMarkDate("2026-12-05", own.engine)).toBe("2026-12-05");
    expect(await latestMarkDate("2026-12-31", own.engine)).toBe("2026-12-06");
    expect(await latestMarkDate("2026-01-01", own.engine)).toBeNull();

    const changes = await markChanges("2026-12-05", undefined, own.engine);
    const of = (id: string) => changes.find((c) => c.company.id === id)!;
    expect(changes).toHaveLength(2);
    expect(of(A.id)).toMatchObject({ date: "2026-12-05", price_per_share: "13.2" });
    expect(of(A.id).change_1d).toBeCloseTo(0.1);
    expect(of(A.id).change_30d).toBeCloseTo(0.32);
    expect(of(B.id).change_1d).toBeCloseTo(-0.25);
    expect(of(B.id).change_30d).toBeNull();

    expect((await markChanges("2026-12-05", [B.id], own.engine)).map((c) => c.company.id)).toEqual([B.id]);
    expect(await markChanges("2026-12-05", [], own.engine)).toEqual([]);
  });
});
