import { describe, expect, it } from "vitest";
import { changeOf, formatChange, moversOf, type MarkChange } from "./movers";

const change = (name: string, change_1d: number | null, change_30d: number | null = null): MarkChange => ({
  company: { id: `id-${name}`, name },
  date: "2026-12-05",
  price_per_share: "10",
  change_1d,
  change_30d,
});

describe("the day's movers", () => {
  it("measures a change from the two marks' decimal strings, none without the earlier mark", () => {
    expect(changeOf("11", "10")).toBeCloseTo(0.1);
    expect(changeOf("9.5", "10")).toBeCloseTo(-0.05);
    expect(changeOf("10", null)).toBeNull();
    expect(changeOf("10", "0")).toBeNull();
  });

  it("lists the largest rises and falls apart, largest first, ties by name, unchanged and unknown left out", () => {
    const all = [change("A", 0.02), change("B", -0.3), change("C", 0.1), change("D", 0), change("E", null), change("F", 0.1), change("G", -0.01)];
    const { up, down } = moversOf(all, "change_1d", 2);
    expect(up.map((c) => c.company.name)).toEqual(["C", "F"]);
    expect(down.map((c) => c.company.name)).toEqual(["B", "G"]);
  });

  it("ranks over the span asked for", () => {
    const all = [change("A", 0.5, -0.2), change("B", -0.5, 0.4)];
    expect(moversOf(all, "change_30d", 5)).toEqual({ up: [all[1]], down: [all[0]] });
  });

  it("writes a change as a signed percentage", () => {
    expect(formatChange(0.0234)).toBe("+2.3%");
    expect(formatChange(-0.1)).toBe("−10.0%");
    expect(formatChange(0.00001)).toBe("+<0.1%");
    expect(formatChange(-0.0004)).toBe("−<0.1%");
    expect(formatChange(-0.0005)).toBe("−0.1%");
    expect(formatChange(0)).toBe("0.0%");
    expect(formatChange(null)).toBe("—");
  });
});
