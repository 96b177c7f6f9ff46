import { describe, expect, it } from "vitest";
import { DECIMAL_PATTERN } from "../domain/decimal";
import { priceDecimal } from "./format";

describe("the mark's decimals", () => {
  it("writes cents from $1 and four significant digits below, without trailing zeros", () => {
    expect(priceDecimal(12.345)).toBe("12.35");
    expect(priceDecimal(12.5)).toBe("12.5");
    expect(priceDecimal(1234.004)).toBe("1234");
    expect(priceDecimal(0.123456)).toBe("0.1235");
    expect(priceDecimal(0.00123456)).toBe("0.001235");
    expect(priceDecimal(1e-12)).toBe("0.00000001");
  });

  it("rounds a band's low down and its high up", () => {
    expect(priceDecimal(9.999, "down")).toBe("9.99");
    expect(priceDecimal(10.001, "up")).toBe("10.01");
    expect(priceDecimal(10, "up")).toBe("10");
  });

  it("answers decimals the API accepts, and refuses what is not a price", () => {
    for (const value of [0.5, 3.14159, 499.999, 0.0000987654]) expect(priceDecimal(value)).toMatch(DECIMAL_PATTERN);
    expect(() => priceDecimal(0)).toThrow(RangeError);
    expect(() => priceDecimal(Number.NaN)).toThrow(RangeError);
  });
});
