import { describe, expect, it } from "vitest";
import { formatCount, formatDecimal, formatPercent, formatUsd, formatUtcTimestamp, structureLabel } from "./format";

describe("formatUsd", () => {
  it.each([
    ["0", "$0.00"],
    ["12", "$12.00"],
    ["12.5", "$12.50"],
    ["1234567.5", "$1,234,567.50"],
    ["0.00000001", "$0.00000001"],
    ["9876543210.12345678", "$9,876,543,210.12345678"],
    ["1234567890123456.78", "$1,234,567,890,123,456.78"],
    ["999999999999999999.99999999", "$999,999,999,999,999,999.99999999"],
    ["100.10", "$100.10"],
    ["0001.5000", "$1.50"],
    ["-5.5", "-$5.50"],
  ])("%s -> %s (exact, no float)", (input, expected) => {
    expect(formatUsd(input)).toBe(expected);
  });

  it("shows a dash for null and leaves non-decimals alone", () => {
    expect(formatUsd(null)).toBe("—");
    expect(formatUsd("1e5")).toBe("1e5");
  });
});

describe("other formats", () => {
  it("formats decimals, percents and counts", () => {
    expect(formatDecimal("1000000")).toBe("1,000,000");
    expect(formatPercent("2.5")).toBe("2.5%");
    expect(formatPercent(null)).toBe("—");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatUtcTimestamp("2026-11-25T21:26:36.123Z")).toBe("2026-11-25 21:26 UTC");
  });

  it("labels the legacy structure", () => {
    expect(structureLabel("spv")).toBe("SPV (legacy)");
    expect(structureLabel("spv_1_layer")).toBe("SPV (1 layer)");
    expect(structureLabel(null)).toBe("—");
  });
});
