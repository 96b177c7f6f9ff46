import { describe, expect, it } from "vitest";
import { chipDates } from "./date-range";

describe("chipDates", () => {
  it("writes a date range's chip as the table writes dates, the year once when both ends share it", () => {
    expect(chipDates("2026-01-01", "2026-03-31")).toEqual(["Jan 1", "Mar 31, 2026"]);
    expect(chipDates("2025-12-01", "2026-01-31")).toEqual(["Dec 1, 2025", "Jan 31, 2026"]);
    expect(chipDates("2026-01-01", "")).toEqual(["Jan 1, 2026", null]);
    expect(chipDates("", "2026-01-01")).toEqual([null, "Jan 1, 2026"]);
    expect(chipDates("", "")).toEqual([null, null]);
  });

  it("leaves a date it cannot read as the link wrote it", () => {
    expect(chipDates("yesterday", "2026-01-01")).toEqual(["yesterday", "Jan 1, 2026"]);
  });
});
