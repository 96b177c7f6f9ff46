import { describe, expect, it } from "vitest";
import { callRoute, expectError, expectList, expectNoLeak } from "@/lib/testing/http";
import { GET } from "./my/trades/route";
import { STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES } from "@/lib/domain/enums";
import { USERS } from "@/lib/testing/fixtures/accounts";
import { SIGN_DATES } from "@/lib/testing/fixtures/trades";
import { ALPHA, KEY, PATH, type Row, enc, expectDecimalRange, expectRows } from "./_testing/trades";

/** GET /my/trades: its filters, and the parameters it refuses. */

describe("GET /my/trades: filters", () => {
  it("is_verified=true|false", async () => {
    for (const v of [true, false]) await expectRows(`is_verified=${v}`, ALPHA.filter((r) => r.isVerified === v));
  });

  it.each(["TRUE", "True", "1", "0", "yes", "", "true,false", "%00", enc("true' OR '1'='1")])("rejects is_verified=%j", async (v) => {
    expectError(await callRoute(GET, `${PATH}?is_verified=${v}`, { key: KEY }), "invalid_parameter", "is_verified");
  });

  const enumFilters: Array<[string, readonly string[], (r: Row) => string]> = [
    ["structure", STRUCTURES, (r) => r.structure],
    ["stock_type", STOCK_TYPES, (r) => r.stockType],
    ["stock_class_type", STOCK_CLASS_TYPES, (r) => r.stockClassType],
  ];

  it.each(enumFilters)("%s: every single value and comma lists", async (param, values, get) => {
    for (const value of values) {
      const rows = ALPHA.filter((r) => get(r) === value);
      expect(rows.length).toBeGreaterThan(0);
      await expectRows(`${param}=${value}`, rows);
    }
    const two = [values[0], values[values.length - 1]];
    await expectRows(`${param}=${two.join(",")}`, ALPHA.filter((r) => two.includes(get(r))));
    await expectRows(`${param}=${values.join(",")}`, ALPHA);
  });

  it.each(enumFilters)("%s: an invalid or empty value is a 400 naming it", async (param, values) => {
    for (const bad of ["bogus", "", `${values[0]},`, `${values[0]},bogus`, values[0].toUpperCase(), "%00"]) {
      expectError(await callRoute(GET, `${PATH}?${param}=${bad}`, { key: KEY }), "invalid_parameter", param);
    }
  });

  it("issuer_id: each company Alpha trades, and non-UUIDs", async () => {
    const issuers = [...new Set(ALPHA.map((r) => r.issuerId))];
    for (const id of issuers) await expectRows(`issuer_id=${id}`, ALPHA.filter((r) => r.issuerId === id));
    for (const bad of ["abc", "", enc("' OR 1=1 --"), "%00", "%FF", `${issuers[0]}0`]) {
      expectError(await callRoute(GET, `${PATH}?issuer_id=${bad}`, { key: KEY }), "invalid_parameter", "issuer_id");
    }
  });

  it("user_id: each member who recorded Alpha trades, another team's member, and non-UUIDs", async () => {
    const users = [...new Set(ALPHA.map((r) => r.user))];
    expect(users.length).toBeGreaterThan(1);
    for (const user of users) await expectRows(`user_id=${USERS[user].id}`, ALPHA.filter((r) => r.user === user));
    // A Beta broker's id selects nothing of Alpha's (the team scope comes first).
    await expectRows(`user_id=${USERS.betaBroker.id}`, []);
    for (const bad of ["abc", "", enc("' OR 1=1 --"), "%00", `${USERS.alphaBroker.id}0`]) {
      expectError(await callRoute(GET, `${PATH}?user_id=${bad}`, { key: KEY }), "invalid_parameter", "user_id");
    }
  });

  const dateFilters: Array<[string, (r: Row) => string, "from" | "to"]> = [
    ["sign_date_from", (r) => r.signDate, "from"],
    ["sign_date_to", (r) => r.signDate, "to"],
    ["won_date_from", (r) => r.wonDate, "from"],
    ["won_date_to", (r) => r.wonDate, "to"],
  ];

  it.each(dateFilters)("%s is inclusive at every boundary (leap day, year end and years 0-99 included)", async (param, get, kind) => {
    const dates = [...new Set([...SIGN_DATES, ...ALPHA.map(get), "2024-02-27", "2030-01-01", "2000-01-01", "0050-03-02", "0000-02-29"])].sort();
    for (const d of dates) {
      await expectRows(`${param}=${d}`, ALPHA.filter((r) => (kind === "from" ? get(r) >= d : get(r) <= d)));
    }
  });

  it("combines date windows with AND; an inverted window is empty", async () => {
    const rows = ALPHA.filter((r) => r.signDate >= "2024-02-29" && r.signDate <= "2026-01-01" && r.wonDate >= "2025-01-01");
    expect(rows.length).toBeGreaterThan(0);
    await expectRows("sign_date_from=2024-02-29&sign_date_to=2026-01-01&won_date_from=2025-01-01", rows);
    await expectRows("sign_date_from=2026-01-02&sign_date_to=2026-01-01", []);
    const exact = ALPHA.filter((r) => r.signDate === "2024-02-29");
    expect(exact.length).toBeGreaterThan(0);
    await expectRows("sign_date_from=2024-02-29&sign_date_to=2024-02-29", exact);
  });

  it.each(dateFilters.map(([p]) => p))("%s rejects anything but a valid YYYY-MM-DD calendar date", async (param) => {
    for (const bad of [
      "2026-02-29",
      // Years 0-99 are years, as a body's dates take them, not 1900-1999.
      "0050-02-29",
      "2026-02-30",
      "2025-04-31",
      "2026-13-01",
      "2026-00-10",
      "2026-01-00",
      "2026-1-01",
      "2026-01-1",
      "20260101",
      "2026-01-01T00:00:00Z",
      "yesterday",
      "",
      "%00",
      enc("2026-01-01' OR 1=1 --"),
    ]) {
      expectError(await callRoute(GET, `${PATH}?${param}=${bad}`, { key: KEY }), "invalid_parameter", param);
    }
  });

  it("updated_since is at or after, to the millisecond and in any offset", async () => {
    const counts = new Map<number, number>();
    for (const r of ALPHA) counts.set(r.updatedAt.getTime(), (counts.get(r.updatedAt.getTime()) ?? 0) + 1);
    const tie = [...counts.entries()].find(([, n]) => n >= 3)![0];
    for (const t of [tie, tie - 1, tie + 1]) {
      const rows = ALPHA.filter((r) => r.updatedAt.getTime() >= t);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(ALPHA.length);
      await expectRows(`updated_since=${new Date(t).toISOString()}`, rows);
      await expectRows(`updated_since=${enc(new Date(t + 3 * 3600_000).toISOString().replace("Z", "+03:00"))}`, rows);
    }
    for (const bad of ["2026-01-01", "2026-01-01T00:00:00", "nope", ""]) {
      expectError(await callRoute(GET, `${PATH}?updated_since=${bad}`, { key: KEY }), "invalid_parameter", "updated_since");
    }
  });

  const decimalFields: Array<[string, (r: Row) => string]> = [
    ["price", (r) => r.pricePerShare],
    ["volume", (r) => r.volume],
  ];

  it.each(decimalFields)("%s range filters (_min / _max) are inclusive and numeric at the edges", async (name, get) => {
    await expectDecimalRange(name, get, ["0", "0.00000001", "12.5", "12.49999999", "100", "100.00000001", "9876543210.12345678", "1234567890123456.78", "999999999999999999", "999999999999999999.99999999"]);
    await expectRows(`${name}_min=999999999999999999&${name}_max=0.00000001`, []);
  });

  it.each(["price_min", "price_max", "volume_min", "volume_max"])("%s rejects invalid decimals", async (param) => {
    for (const bad of ["-0.5", "1e3", "abc", "0.000000001", "1000000000000000000", "", "1,5", "NaN", "%00"]) {
      expectError(await callRoute(GET, `${PATH}?${param}=${bad}`, { key: KEY }), "invalid_parameter", param);
    }
  });
});

describe("GET /my/trades: parameter hygiene", () => {
  it.each(["side", "stage", "visibility", "created_after", "foo", "Is_Verified"])("rejects the unknown parameter %s", async (name) => {
    expectError(await callRoute(GET, `${PATH}?${name}=1`, { key: KEY }), "unknown_parameter", name);
  });

  it.each([
    ["is_verified=true&is_verified=false", "is_verified"],
    ["structure=spv&structure=direct", "structure"],
    ["sign_date_from=2026-01-01&sign_date_from=2026-01-02", "sign_date_from"],
    ["per_page=5&per_page=6", "per_page"],
  ])("rejects a repeated parameter (%s)", async (query, param) => {
    expectError(await callRoute(GET, `${PATH}?${query}`, { key: KEY }), "invalid_parameter", param);
  });

  const params = [
    "is_verified", "user_id", "structure", "stock_type", "stock_class_type", "issuer_id", "sign_date_from", "sign_date_to", "won_date_from",
    "won_date_to", "updated_since", "price_min", "price_max", "volume_min", "volume_max", "sort", "page", "per_page",
  ];
  it.each(params)("never fails with a 500 on hostile values of %s", async (param) => {
    for (const value of [enc("' OR 1=1 --"), "%25", "_", enc("🚀"), "z".repeat(5000), "%00", "%FF", "%E2%82"]) {
      const result = await callRoute(GET, `${PATH}?${param}=${value}`, { key: KEY });
      expect([200, 400], `${param}=${value.slice(0, 30)}: ${result.text.slice(0, 200)}`).toContain(result.status);
      if (result.status === 400) expectError(result, "invalid_parameter", param);
      else expectList(result, "trades");
      expectNoLeak(result.text);
    }
  });
});
