import { describe, expect, it } from "vitest";
import { movePoint } from "./decimal-range";

describe("movePoint", () => {
  it("turns fractions into percentages and back, as text", () => {
    const cases: [string, number, string][] = [
      ["0.05", 2, "5"],
      ["-0.025", 2, "-2.5"],
      ["1.5", 2, "150"],
      ["0", 2, "0"],
      ["-0", 2, "0"],
      ["0.00000001", 2, "0.000001"],
      ["5", -2, "0.05"],
      ["-2.5", -2, "-0.025"],
      ["150", -2, "1.5"],
      ["12.", -2, "0.12"],
      [".5", -2, "0.005"],
      ["-100", -2, "-1"],
    ];
    for (const [value, by, want] of cases) expect(movePoint(value, by), `${value} by ${by}`).toBe(want);
  });

  it("leaves what is not a decimal as typed", () => {
    for (const value of ["", "-", "abc", "1e3", "1.2.3", "+5"]) expect(movePoint(value, -2)).toBe(value);
  });
});
