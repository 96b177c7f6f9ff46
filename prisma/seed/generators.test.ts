import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { COMPANY_CAPACITY, companyRow, SEED, type CompanyStyle } from "./generators";
import { LARGE_SEED } from "./large";

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
