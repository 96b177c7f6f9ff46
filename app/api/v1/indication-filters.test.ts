import { describe, expect, it } from "vitest";
import { callRoute, expectError, expectList, expectNoLeak } from "@/lib/testing/http";
import { GET } from "./my/indications/route";
import { SIDES, STAGES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES, VISIBILITIES } from "@/lib/domain/enums";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { units } from "@/lib/testing/fixtures/decimals";
import { INDICATION_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";
import { ALPHA, KEY, PATH, type Row, enc, expectDecimalRange, expectRows } from "./_testing/indications";

/** GET /my/indications: its filters, and the parameters it refuses. */

describe("GET /my/indications: enumeration filters", () => {
  const enumFilters: Array<[string, readonly string[], (r: Row) => string | null]> = [
    ["side", SIDES, (r) => r.side],
    ["stage", STAGES, (r) => r.stage],
    ["structure", STRUCTURES, (r) => r.structure],
    ["visibility", VISIBILITIES, (r) => r.visibility],
    ["stock_type", STOCK_TYPES, (r) => r.stockType],
    ["stock_class_type", STOCK_CLASS_TYPES, (r) => r.stockClassType],
  ];

  it.each(enumFilters)("%s: every single value and comma lists", async (param, values, get) => {
    for (const value of values) {
      const rows = ALPHA.filter((r) => get(r) === value);
      expect(rows.length, `${param}=${value}`).toBeGreaterThan(0);
      await expectRows(`${param}=${value}`, rows);
    }
    const two = [values[0], values[values.length - 1]];
    await expectRows(`${param}=${two.join(",")}`, ALPHA.filter((r) => two.includes(get(r) ?? "")));
    await expectRows(`${param}=${[...values].join(",")}`, ALPHA.filter((r) => values.includes(get(r) ?? "")));
    // The comma is also accepted percent-encoded.
    await expectRows(`${param}=${enc(two.join(","))}`, ALPHA.filter((r) => two.includes(get(r) ?? "")));
  });

  it.each(enumFilters)("%s: an invalid value or an empty one is a 400 naming the parameter", async (param, values) => {
    for (const bad of ["bogus", "", `${values[0]},`, `,${values[0]}`, `${values[0]},bogus`, values[0].toUpperCase(), "%00", enc("' OR 1=1 --")]) {
      expectError(await callRoute(GET, `${PATH}?${param}=${bad}`, { key: KEY }), "invalid_parameter", param);
    }
  });

  it("structure applies to offers only (bids carry null)", async () => {
    const rows = ALPHA.filter((r) => r.structure === "direct");
    expect(rows.every((r) => r.side === "offer")).toBe(true);
    await expectRows("structure=direct", rows);
  });

  it("combines filters with AND", async () => {
    const rows = ALPHA.filter((r) => r.side === "bid" && r.stage === "open" && r.stockType === "secondary");
    expect(rows.length).toBeGreaterThan(0);
    await expectRows("side=bid&stage=open&stock_type=secondary", rows);
    const rows2 = ALPHA.filter(
      (r) => r.visibility !== "private" && r.stockClassType === "preferred" && units(r.pricePerShare) >= units("10"),
    );
    expect(rows2.length).toBeGreaterThan(0);
    await expectRows("visibility=order_book_public,order_book_anonymous&stock_class_type=preferred&price_min=10&sort=price_per_share", rows2, "price_per_share");
  });

  it("issuer_id: every company Alpha trades, an unknown UUID, and non-UUIDs", async () => {
    const issuers = [...new Set(ALPHA.map((r) => r.issuerId))];
    for (const id of issuers) await expectRows(`issuer_id=${id}`, ALPHA.filter((r) => r.issuerId === id));
    await expectRows(`issuer_id=${SPECIAL_COMPANIES.untraded.id}`, []);
    for (const bad of ["abc", "", "1", enc("' OR 1=1 --"), "%00", "%FF", `${issuers[0]}x`, `${issuers[0]},${issuers[1]}`]) {
      expectError(await callRoute(GET, `${PATH}?issuer_id=${bad}`, { key: KEY }), "invalid_parameter", "issuer_id");
    }
  });
});

describe("GET /my/indications: time filters", () => {
  // A row whose created_at is not shared with another row.
  const pivot = sortBy(ALPHA, INDICATION_SORT_KEYS, "created_at").find(
    (r, _i, rows) => rows.filter((o) => o.createdAt.getTime() === r.createdAt.getTime()).length === 1 && r.createdAt.getMilliseconds() > 0,
  )!;
  const tAt = pivot.createdAt.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  /** The same instant written with a +02:00 offset. */
  const plus2 = (ms: number) => new Date(ms + 2 * 3600_000).toISOString().replace("Z", "+02:00");
  /** The same instant written with a -05:30 offset. */
  const minus530 = (ms: number) => new Date(ms - 5.5 * 3600_000).toISOString().replace("Z", "-05:30");

  it("created_after is strictly after, to the millisecond, in any offset", async () => {
    for (const t of [tAt, tAt - 1, tAt + 1]) {
      const rows = ALPHA.filter((r) => r.createdAt.getTime() > t);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(ALPHA.length);
      await expectRows(`created_after=${iso(t)}`, rows);
      await expectRows(`created_after=${enc(plus2(t))}`, rows);
      await expectRows(`created_after=${minus530(t)}`, rows);
    }
    expect(ALPHA.filter((r) => r.createdAt.getTime() > tAt - 1).length - ALPHA.filter((r) => r.createdAt.getTime() > tAt).length).toBe(1);
  });

  it("created_before is strictly before", async () => {
    for (const t of [tAt, tAt + 1]) {
      const rows = ALPHA.filter((r) => r.createdAt.getTime() < t);
      expect(rows.length).toBeGreaterThan(0);
      await expectRows(`created_before=${iso(t)}`, rows);
      await expectRows(`created_before=${enc(plus2(t))}`, rows);
    }
  });

  it("created_after + created_before select a window; an inverted window is empty", async () => {
    const sorted = sortBy(ALPHA, INDICATION_SORT_KEYS, "created_at");
    const lo = sorted[10].createdAt.getTime();
    const hi = sorted[40].createdAt.getTime();
    await expectRows(`created_after=${iso(lo)}&created_before=${iso(hi)}`, ALPHA.filter((r) => r.createdAt.getTime() > lo && r.createdAt.getTime() < hi));
    await expectRows(`created_after=${iso(hi)}&created_before=${iso(lo)}`, []);
  });

  it("updated_since is at or after, including rows sharing the boundary timestamp", async () => {
    const counts = new Map<number, number>();
    for (const r of ALPHA) counts.set(r.updatedAt.getTime(), (counts.get(r.updatedAt.getTime()) ?? 0) + 1);
    const tie = [...counts.entries()].find(([, n]) => n >= 3)![0];
    for (const t of [tie, tie + 1, tie - 1]) {
      const rows = ALPHA.filter((r) => r.updatedAt.getTime() >= t);
      expect(rows.length).toBeGreaterThan(0);
      await expectRows(`updated_since=${iso(t)}`, rows);
      await expectRows(`updated_since=${enc(plus2(t))}`, rows);
    }
  });

  it.each(["created_after", "created_before", "updated_since"])("%s rejects anything but an RFC 3339 timestamp with an offset", async (param) => {
    for (const bad of [
      "2026-01-01",
      "2026-01-01T00:00:00",
      "2026-13-01T00:00:00Z",
      "2026-02-30T00:00:00Z",
      "2026-01-01T25:00:00Z",
      "2026-01-01T00:00:00+2:00",
      "yesterday",
      "1767225600",
      "",
      "%00",
      enc("2026-01-01T00:00:00Z' OR 1=1 --"),
    ]) {
      expectError(await callRoute(GET, `${PATH}?${param}=${bad.includes("+") ? enc(bad) : bad}`, { key: KEY }), "invalid_parameter", param);
    }
  });
});

describe("GET /my/indications: decimal range filters", () => {
  const fields: Array<[string, (r: Row) => string]> = [
    ["price", (r) => r.pricePerShare],
    ["volume", (r) => r.volume],
  ];

  it.each(fields)("%s range filters (_min / _max) are inclusive and numeric at the edges of the guarantee", async (name, get) => {
    const bounds = ["0", "0.00000001", "0.00000002", "9.5", "10", "12.5", "12.50000001", "100", "9876543210.12345678", "1234567890123456.78", "999999999999999999", "999999999999999999.99999999"];
    await expectDecimalRange(name, get, bounds);
    // min > max is allowed and returns nothing.
    await expectRows(`${name}_min=100&${name}_max=12.5`, []);
    // Trailing zeros and leading zeros do not change the value.
    await expectRows(`${name}_min=12.50000000`, ALPHA.filter((r) => units(get(r)) >= units("12.5")));
  });

  it("the 12.5 boundary is meaningful: rows at exactly 12.5 exist, including the non-canonical 0012.50000000 input", () => {
    expect(ALPHA.filter((r) => units(r.pricePerShare) === units("12.5")).length).toBeGreaterThanOrEqual(3);
  });

  it.each(["price_min", "price_max", "volume_min", "volume_max"])("%s rejects non-decimals and values beyond the guarantee", async (param) => {
    for (const bad of ["-1", "1e3", "abc", "1.123456789", "1234567890123456789", "", "1,5", "0x10", "NaN", "Infinity", "%20 1", "%00", enc("1' OR '1'='1"), "x".repeat(5000)]) {
      expectError(await callRoute(GET, `${PATH}?${param}=${bad}`, { key: KEY }), "invalid_parameter", param);
    }
  });
});

describe("GET /my/indications: parameter hygiene", () => {
  it.each(["foo", "is_verified", "sign_date_from", "q", "Side", "team_id", "user_id"])("rejects the unknown parameter %s", async (name) => {
    expectError(await callRoute(GET, `${PATH}?${name}=1`, { key: KEY }), "unknown_parameter", name);
  });

  it.each([
    ["side=bid&side=offer", "side"],
    ["stage=open&stage=open", "stage"],
    ["sort=volume&sort=-volume", "sort"],
    ["price_min=1&price_min=2", "price_min"],
    ["issuer_id=a&issuer_id=b", "issuer_id"],
    ["page=1&page=1", "page"],
  ])("rejects a repeated parameter (%s)", async (query, param) => {
    expectError(await callRoute(GET, `${PATH}?${query}`, { key: KEY }), "invalid_parameter", param);
  });

  const params = [
    "side", "stage", "structure", "visibility", "stock_type", "stock_class_type", "issuer_id", "created_after",
    "created_before", "updated_since", "price_min", "price_max", "volume_min", "volume_max", "sort", "page", "per_page",
  ];
  it.each(params)("never fails with a 500 on hostile values of %s", async (param) => {
    for (const value of [enc("' OR 1=1 --"), "%25", "_", enc("🚀"), "y".repeat(5000), "%00", "%FF", "%C3%28", enc("\\")]) {
      const result = await callRoute(GET, `${PATH}?${param}=${value}`, { key: KEY });
      expect([200, 400], `${param}=${value.slice(0, 30)}: ${result.text.slice(0, 200)}`).toContain(result.status);
      if (result.status === 400) expectError(result, "invalid_parameter", param);
      else expectList(result, "indications");
      expectNoLeak(result.text);
    }
  });
});
