import { describe, expect, it } from "vitest";
import { formatAge, formatCount, formatDate, formatDateTime, formatDecimal, formatPercent, formatUsd, formatUsdAverage, formatUsdBound, formatUsdExact, formatUsdPlaces, formatUsdWhole, pricePlaces, roundDecimal, showsExactly, stockClassLabel, structureLabel } from "./format";

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
    expect(formatDateTime("2026-11-25T21:26:36.123Z", "utc")).toBe("Nov 25, 2026, 21:26 UTC");
  });

  it("labels the legacy structure", () => {
    expect(structureLabel("spv")).toBe("SPV (legacy)");
    expect(structureLabel("spv_1_layer")).toBe("SPV (1 layer)");
    expect(structureLabel(null)).toBe("—");
  });
});

describe("issue 15 formats", () => {
  it.each([
    ["38.71221869", 4, "38.7122"],
    ["38.71225", 4, "38.7123"],
    ["0.99995", 4, "1.0000"],
    ["999999999999999999.99999999", 4, "1000000000000000000.0000"],
    ["12.5", 4, "12.5"],
    ["0.00004999", 4, "0.0000"],
    ["7", 0, "7"],
  ])("roundDecimal(%s, %i) = %s, exactly", (value, digits, expected) => {
    expect(roundDecimal(value, digits)).toBe(expected);
  });

  it("averages to 4 decimals, padded: one rule for every VWAP", () => {
    expect(formatUsdAverage("38.71221869")).toBe("$38.7122");
    expect(formatUsdAverage("194.657")).toBe("$194.6570");
    expect(formatUsdAverage("22.92")).toBe("$22.9200");
    expect(formatUsdAverage("1")).toBe("$1.0000");
    expect(formatUsdAverage(null)).toBe("—");
  });

  it("prices keep 2 to 8 decimals, trailing zeros trimmed beyond 2", () => {
    expect(formatUsd("38.71221869")).toBe("$38.71221869");
    expect(formatUsd("194.65700000")).toBe("$194.657");
    expect(formatUsd("1")).toBe("$1.00");
  });

  it("writes dates and timestamps in one format", () => {
    expect(formatDate("2026-10-30")).toBe("Oct 30, 2026");
    expect(formatDate("2026-01-01")).toBe("Jan 1, 2026");
    expect(formatDateTime("2026-10-31T15:31:00.000Z", "utc")).toBe("Oct 31, 2026, 15:31 UTC");
    expect(formatDateTime("2026-10-31T15:31:00.000Z", "local")).toMatch(/^(Oct 31|Nov 1), 2026, \d{2}:\d{2}$/);
  });

  it("names the class once", () => {
    expect(stockClassLabel("preferred", "Preferred")).toEqual({ type: "Preferred", name: null });
    expect(stockClassLabel("preferred", " preferred ")).toEqual({ type: "Preferred", name: null });
    expect(stockClassLabel("preferred", "Series B")).toEqual({ type: "Preferred", name: "Series B" });
    expect(stockClassLabel("common", null)).toEqual({ type: "Common", name: null });
  });
});

describe("table money columns: one rule per column", () => {
  it("prices show 2 decimals, 4 when a price of the column is under a dollar, rounded half away from zero", () => {
    expect(pricePlaces(["6.402", "2.8697", null])).toBe(2);
    expect(pricePlaces(["6.402", "0.5"])).toBe(4);
    expect(pricePlaces([".25"])).toBe(4);
    expect(formatUsdPlaces("6.402", 2)).toBe("$6.40");
    expect(formatUsdPlaces("2.8697", 2)).toBe("$2.87");
    expect(formatUsdPlaces("12.5", 2)).toBe("$12.50");
    expect(formatUsdPlaces("0.00000001", 4)).toBe("$0.0000");
    expect(formatUsdPlaces("0.00005", 4)).toBe("$0.0001");
    expect(formatUsdPlaces("999999999999999999.99999999", 2)).toBe("$1,000,000,000,000,000,000.00");
    expect(formatUsdPlaces(null, 2)).toBe("—");
  });

  it("amounts show whole dollars; a non-zero amount under 50 cents reads < $1", () => {
    expect(formatUsdWhole("650000.25")).toBe("$650,000");
    expect(formatUsdWhole("2500000.5")).toBe("$2,500,001");
    expect(formatUsdWhole("1000")).toBe("$1,000");
    expect(formatUsdWhole("0.4")).toBe("< $1");
    expect(formatUsdWhole("0")).toBe("$0");
    expect(formatUsdWhole(null)).toBe("—");
  });

  it("a bound reads as the column's whole dollars, with its cents when it has some (never rounded)", () => {
    expect(formatUsdBound("1312000.00000000")).toBe("$1,312,000");
    expect(formatUsdBound("100000")).toBe("$100,000");
    expect(formatUsdBound("4205708.36")).toBe("$4,205,708.36");
    expect(formatUsdBound("0.4")).toBe("$0.40");
    expect(formatUsdBound("cheap")).toBe("cheap");
    expect(formatUsdBound(null)).toBe("—");
  });
});

describe("the exact value behind a rounded one", () => {
  it("knows when rounding lost a digit", () => {
    expect(showsExactly("12.34567891", 2)).toBe(false);
    expect(showsExactly("12.34000000", 2)).toBe(true);
    expect(showsExactly("0.642", 4)).toBe(true);
    expect(showsExactly("0.64200001", 4)).toBe(false);
    expect(showsExactly("1000", 0)).toBe(true);
    expect(showsExactly("1000.5", 0)).toBe(false);
    expect(showsExactly("0.4", 0)).toBe(false);
    expect(showsExactly("-3.10", 1)).toBe(true);
    expect(showsExactly("1e3", 0)).toBe(true);
  });

  it("writes every digit of the decimal string, none through a float", () => {
    expect(formatUsdExact("0.64200000")).toBe("$0.64200000");
    expect(formatUsdExact("1234567.12345678")).toBe("$1,234,567.12345678");
    expect(formatUsdExact("999999999999999999.99999999")).toBe("$999,999,999,999,999,999.99999999");
    expect(formatUsdExact("-12.5")).toBe("-$12.5");
    expect(formatUsdExact("4321")).toBe("$4,321");
  });
});

describe("formatAge", () => {
  const now = new Date("2026-12-07T10:00:00Z");
  it.each([
    ["2026-12-07T00:00:01Z", "today"],
    ["2026-12-06T23:59:59Z", "1 d"],
    ["2026-10-09T12:00:00Z", "59 d"],
    ["2026-10-08T12:00:00Z", "2 mo"],
    ["2025-01-06T12:00:00Z", "23 mo"],
    // 729 days: nearer two years than 23 months, and never "24 mo".
    ["2024-12-08T12:00:00Z", "2 y"],
    ["2024-12-07T12:00:00Z", "2 y"],
    ["2023-12-07T12:00:00Z", "3 y"],
    // A clock a little ahead of the server's is still today.
    ["2026-12-08T01:00:00Z", "today"],
  ])("%s is %s before 2026-12-07 10:00 UTC", (iso, age) => {
    expect(formatAge(iso, now)).toBe(age);
  });
});
