import { describe, expect, it } from "vitest";
import { axisTicks, everyMonth, formatUsdCompact, monthLabel, ticks } from "./chart-scale";

describe("chart scales", () => {
  it("ticks are round steps within the range", () => {
    expect(ticks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(12.3, 48.9, 5)).toEqual([20, 30, 40]);
  });

  it("an axis from 0 reaches the highest value", () => {
    expect(axisTicks(1_230_000)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
    expect(axisTicks(400)).toEqual([0, 100, 200, 300, 400]);
    expect(axisTicks(0).at(-1)).toBeGreaterThan(0);
  });

  it("every month between two, empty ones included, across a year's end", () => {
    expect(everyMonth("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(everyMonth("2026-05", "2026-05")).toEqual(["2026-05"]);
  });

  it("labels", () => {
    expect(monthLabel("2026-03")).toBe("Mar 2026");
    expect(formatUsdCompact(0)).toBe("$0");
    expect(formatUsdCompact(950)).toBe("$950");
    expect(formatUsdCompact(1500)).toBe("$1.5K");
    expect(formatUsdCompact(12_000_000)).toBe("$12M");
    expect(formatUsdCompact(2_534_000_000)).toBe("$2.53B");
  });
});
