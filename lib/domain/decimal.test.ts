import { describe, expect, it } from "vitest";
import {
  DECIMAL_PATTERN,
  FRACTION_DIGITS,
  INTEGER_DIGITS,
  STORED_WIDTH,
  fromStoredDecimal,
  toStoredDecimal,
  unitsToDecimal,
} from "./decimal";
// The project's seeded PRNG (lib/random.ts), so the property checks are reproducible.
import { mulberry32 } from "../random";

/** A random canonical decimal: 1–18 integer digits (no leading zero), 0–8 fractional digits. */
function randomDecimal(rand: () => number): string {
  const intDigits = 1 + Math.floor(rand() * INTEGER_DIGITS);
  let int = intDigits === 1 ? String(Math.floor(rand() * 10)) : String(1 + Math.floor(rand() * 9));
  for (let i = 1; i < intDigits; i++) int += String(Math.floor(rand() * 10));
  let frac = "";
  const fracDigits = Math.floor(rand() * (FRACTION_DIGITS + 1));
  for (let i = 0; i < fracDigits; i++) frac += String(Math.floor(rand() * 10));
  frac = frac.replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}

/** Exact value as a rational-free BigInt of 1e-8 units, computed without the module under test. */
function referenceUnits(value: string): bigint {
  const [int, frac = ""] = value.split(".");
  return BigInt(int + frac.padEnd(8, "0"));
}

const EDGES = ["9876543210.12345678", "1234567890123456.78", "0.00000001", "999999999999999999", "12.5", "100", "0", "999999999999999999.99999999"];

describe("decimal format constants", () => {
  it("stores 18 integer digits, a dot and 8 fractional digits", () => {
    expect(INTEGER_DIGITS).toBe(18);
    expect(FRACTION_DIGITS).toBe(8);
    expect(STORED_WIDTH).toBe(27);
  });
});

describe("DECIMAL_PATTERN", () => {
  it.each(EDGES.concat(["0.5", "007", "1.0", "000000000000000000.00000000"]))("accepts %s", (v) => {
    expect(DECIMAL_PATTERN.test(v)).toBe(true);
  });

  it.each([
    "",
    "-1",
    "+1",
    "1e3",
    "1E-8",
    ".5",
    "5.",
    "1.123456789",
    "1234567890123456789",
    " 1",
    "1 ",
    "1,5",
    "0x10",
    "NaN",
    "Infinity",
    "１２",
    "1.2.3",
    "12\u0000",
  ])("rejects %j", (v) => {
    expect(DECIMAL_PATTERN.test(v)).toBe(false);
    expect(() => toStoredDecimal(v)).toThrow(RangeError);
  });
});

describe("toStoredDecimal / fromStoredDecimal", () => {
  it.each([
    ["12.5", "000000000000000012.50000000"],
    ["100", "000000000000000100.00000000"],
    ["0.00000001", "000000000000000000.00000001"],
    ["9876543210.12345678", "000000009876543210.12345678"],
    ["1234567890123456.78", "001234567890123456.78000000"],
    ["999999999999999999", "999999999999999999.00000000"],
    ["0", "000000000000000000.00000000"],
  ])("stores %s as %s", (input, stored) => {
    expect(toStoredDecimal(input)).toBe(stored);
    expect(toStoredDecimal(input)).toHaveLength(STORED_WIDTH);
    expect(fromStoredDecimal(stored)).toBe(input);
  });

  it("strips leading and trailing zeros, never rounds, never uses an exponent", () => {
    expect(fromStoredDecimal(toStoredDecimal("0012.50000000"))).toBe("12.5");
    expect(fromStoredDecimal(toStoredDecimal("007"))).toBe("7");
    expect(fromStoredDecimal(toStoredDecimal("1.10"))).toBe("1.1");
    expect(fromStoredDecimal(toStoredDecimal("0.10000000"))).toBe("0.1");
    expect(fromStoredDecimal(toStoredDecimal("999999999999999999.99999999"))).toBe("999999999999999999.99999999");
  });

  it("round-trips 2,000 random values digit for digit", () => {
    const rand = mulberry32(1);
    for (let i = 0; i < 2000; i++) {
      const v = randomDecimal(rand);
      const stored = toStoredDecimal(v);
      expect(stored).toHaveLength(STORED_WIDTH);
      expect(fromStoredDecimal(stored)).toBe(v);
    }
  });
});

describe("stored order equals numeric order", () => {
  it("byte order of stored strings matches BigInt order for random and edge values", () => {
    const rand = mulberry32(2);
    const values = [...EDGES];
    for (let i = 0; i < 1000; i++) values.push(randomDecimal(rand));
    const byStored = [...values].sort((a, b) => {
      const sa = toStoredDecimal(a);
      const sb = toStoredDecimal(b);
      return sa < sb ? -1 : sa > sb ? 1 : 0;
    });
    const byValue = [...values].sort((a, b) => {
      const ua = referenceUnits(a);
      const ub = referenceUnits(b);
      return ua < ub ? -1 : ua > ub ? 1 : 0;
    });
    expect(byStored.map(referenceUnits)).toEqual(byValue.map(referenceUnits));
  });

  it("orders 9.5 before 10 and 0.00000001 before 0.0000001 (where string order would not)", () => {
    expect(toStoredDecimal("9.5") < toStoredDecimal("10")).toBe(true);
    expect(toStoredDecimal("0.00000001") < toStoredDecimal("0.0000001")).toBe(true);
    expect(toStoredDecimal("99999999999999999") < toStoredDecimal("999999999999999999")).toBe(true);
  });
});

describe("unitsToDecimal", () => {
  it("writes an integer count of 1e-8 units as a plain decimal", () => {
    expect(unitsToDecimal(BigInt(1))).toBe("0.00000001");
    expect(unitsToDecimal(BigInt(0))).toBe("0");
    expect(unitsToDecimal(BigInt(-150_000_000))).toBe("-1.5");
    expect(unitsToDecimal(BigInt("99999999999999999999999999"))).toBe("999999999999999999.99999999");
    const rand = mulberry32(3);
    for (let i = 0; i < 500; i++) {
      const v = randomDecimal(rand);
      expect(unitsToDecimal(referenceUnits(v))).toBe(v);
    }
  });
});
