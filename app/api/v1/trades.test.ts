import { describe, expect, it } from "vitest";
import { callRoute, expectError, expectList, expectNoLeak, expectPageArithmetic, fetchAll, idsOf, keysOf } from "@/lib/testing/http";
import { GET } from "./my/trades/route";
import { STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES } from "@/lib/domain/enums";
import { SECRETS, USERS, type TeamKey } from "@/lib/testing/fixtures/accounts";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { EDGE_DECIMALS, canonicalDecimal, units } from "@/lib/testing/fixtures/decimals";
import { expectedTrade } from "@/lib/testing/fixtures/expected";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { TRADE_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";
import { SIGN_DATES, TRADES, teamTrades, type FixtureTrade } from "@/lib/testing/fixtures/trades";

const KEY = SECRETS.alphaBroker;
const PATH = "/api/v1/my/trades";
const DEFAULT_SORT = "-sign_date";
const ALPHA = teamTrades("alpha");
const enc = encodeURIComponent;

type Row = FixtureTrade;

const order = (rows: readonly Row[], sort = DEFAULT_SORT) => sortBy(rows, TRADE_SORT_KEYS, sort).map((r) => r.id);

async function all(query = "", key = KEY, perPage = 100) {
  return fetchAll<Record<string, unknown>>(GET, `${PATH}${query ? `?${query}` : ""}`, "trades", key, perPage);
}

async function expectRows(query: string, rows: readonly Row[], sort = DEFAULT_SORT, key = KEY) {
  const { items, total } = await all(query, key);
  expect(total, query).toBe(rows.length);
  expect(idsOf(items), query).toEqual(order(rows, sort));
}

const ALL_FIELDS = [
  "attributed_to_owner",
  "carried_interest_fee_percent",
  "client_id",
  "created_at",
  "details",
  "id",
  "is_verified",
  "issuer",
  "management_fee_percent",
  "permalink_id",
  "price_per_share",
  "sign_date",
  "stock_class",
  "stock_class_type",
  "stock_type",
  "structure",
  "third_party_id",
  "updated_at",
  "verification_officer_email",
  "verification_officer_name",
  "volume",
  "won_date",
];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

describe("fixture sanity (what makes the tests below meaningful)", () => {
  it("has every value, ties, edges and nulls in team Alpha", () => {
    for (const s of STRUCTURES) expect(ALPHA.some((r) => r.structure === s), s).toBe(true);
    for (const t of STOCK_TYPES) expect(ALPHA.some((r) => r.stockType === t)).toBe(true);
    for (const t of STOCK_CLASS_TYPES) expect(ALPHA.some((r) => r.stockClassType === t)).toBe(true);
    for (const v of [true, false]) {
      expect(ALPHA.some((r) => r.isVerified === v)).toBe(true);
      expect(ALPHA.some((r) => r.attributedToOwner === v)).toBe(true);
    }
    for (const d of EDGE_DECIMALS) {
      expect(ALPHA.some((r) => canonicalDecimal(r.pricePerShare) === d), d).toBe(true);
      expect(ALPHA.some((r) => canonicalDecimal(r.volume) === d), d).toBe(true);
    }
    const maxTie = (key: (r: Row) => string) => {
      const counts = new Map<string, number>();
      for (const r of ALPHA) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
      return Math.max(...counts.values());
    };
    expect(maxTie((r) => r.signDate)).toBeGreaterThanOrEqual(3);
    expect(maxTie((r) => r.wonDate)).toBeGreaterThanOrEqual(2);
    expect(maxTie((r) => r.updatedAt.toISOString())).toBeGreaterThanOrEqual(3);
    expect(maxTie((r) => units(r.pricePerShare).toString())).toBeGreaterThanOrEqual(3);
    for (const field of ["carriedInterestFeePercent", "clientId", "details", "managementFeePercent", "stockClass", "thirdPartyId"] as const) {
      expect(ALPHA.some((r) => r[field] === null), field).toBe(true);
      expect(ALPHA.some((r) => r[field] !== null), field).toBe(true);
    }
    expect(ALPHA.some((r) => r.signDate === "2024-02-29")).toBe(true);
    expect(ALPHA.length).toBeLessThan(100);
    expect(new Set(TRADES.map((r) => r.id)).size).toBe(TRADES.length);
  });
});

describe("GET /my/trades: fields and formats", () => {
  it("returns every Alpha trade with exactly the fields and values of spec 2.6", async () => {
    const { items } = await all();
    const expected = sortBy(ALPHA, TRADE_SORT_KEYS, DEFAULT_SORT).map(expectedTrade);
    expect(items).toHaveLength(expected.length);
    items.forEach((item, i) => {
      expect(keysOf(item)).toEqual(ALL_FIELDS);
      expect(keysOf(item.issuer)).toEqual(["id", "name"]);
      expect(item).toEqual(expected[i]);
    });
  });

  it("formats timestamps, dates, booleans and decimals as the contract says", async () => {
    const { items } = await all();
    for (const item of items) {
      expect(item.created_at).toMatch(TIMESTAMP);
      expect(item.updated_at).toMatch(TIMESTAMP);
      expect(item.sign_date).toMatch(DATE);
      expect(item.won_date).toMatch(DATE);
      expect(typeof item.is_verified).toBe("boolean");
      expect(typeof item.attributed_to_owner).toBe("boolean");
      expect(item.price_per_share).toMatch(PLAIN_DECIMAL);
      expect(item.volume).toMatch(PLAIN_DECIMAL);
      for (const f of ["carried_interest_fee_percent", "management_fee_percent"]) if (item[f] !== null) expect(item[f]).toMatch(PLAIN_DECIMAL);
    }
    const prices = new Set(items.map((i) => i.price_per_share));
    const volumes = new Set(items.map((i) => i.volume));
    for (const d of EDGE_DECIMALS) {
      expect(prices.has(d), d).toBe(true);
      expect(volumes.has(d), d).toBe(true);
    }
  });

  it("returns the legacy structure spv as is and filters on it", async () => {
    const rows = ALPHA.filter((r) => r.structure === "spv");
    expect(rows.length).toBeGreaterThan(0);
    await expectRows("structure=spv", rows);
    for (const item of (await all("structure=spv")).items) expect(item.structure).toBe("spv");
  });
});

describe("GET /my/trades: team scope", () => {
  it.each<[string, string, TeamKey]>([
    ["alpha broker", SECRETS.alphaBroker, "alpha"],
    ["alpha viewer", SECRETS.alphaViewer, "alpha"],
    ["alpha key without companies", SECRETS.alphaNoCompanies, "alpha"],
    ["beta broker", SECRETS.betaBroker, "beta"],
    ["gamma broker", SECRETS.gammaBroker, "gamma"],
  ])("the %s sees exactly its team's trades", async (_label, key, team) => {
    await expectRows("", teamTrades(team), DEFAULT_SORT, key);
  });

  it("Alpha never sees another team's row, whatever the filters", async () => {
    const alphaIds = new Set(ALPHA.map((r) => r.id));
    const others = TRADES.filter((r) => r.team !== "alpha");
    const queries = [
      "",
      `issuer_id=${SPECIAL_COMPANIES.betaOnly.id}`,
      ...others.slice(0, 10).map((r) => `issuer_id=${r.issuerId}`),
      "is_verified=true",
      "is_verified=false",
      "structure=spv",
      "sign_date_from=2000-01-01",
      "won_date_to=2100-12-31",
      "price_min=0",
      "updated_since=2000-01-01T00:00:00Z",
      "sort=volume",
    ];
    for (const query of queries) {
      for (const id of idsOf((await all(query)).items)) expect(alphaIds.has(id), `${query}: ${id}`).toBe(true);
    }
  });

  it("filtering by a company only Beta trades returns nothing to Alpha", async () => {
    const id = SPECIAL_COMPANIES.betaOnly.id;
    expect(ALPHA.some((r) => r.issuerId === id)).toBe(false);
    const betaRows = teamTrades("beta").filter((r) => r.issuerId === id);
    expect(betaRows.length).toBeGreaterThan(0);
    expect(expectList(await callRoute(GET, `${PATH}?issuer_id=${id}`, { key: KEY }), "trades")).toEqual({
      items: [],
      page: 1,
      total_pages: 0,
      total_count: 0,
      has_more: false,
      next_cursor: null,
    });
    await expectRows(`issuer_id=${id}`, betaRows, DEFAULT_SORT, SECRETS.betaBroker);
  });
});

describe("GET /my/trades: pagination", () => {
  const N = ALPHA.length;

  it("defaults to page 1, 25 per page, sorted by -sign_date", async () => {
    const list = expectList(await callRoute(GET, PATH, { key: KEY }), "trades");
    expectPageArithmetic(list, 1, 25, N);
    expect(idsOf(list.items)).toEqual(order(ALPHA).slice(0, 25));
  });

  it("serves the last page and empty pages past the end", async () => {
    const last = Math.ceil(N / 25);
    const lastList = expectList(await callRoute(GET, `${PATH}?page=${last}`, { key: KEY }), "trades");
    expectPageArithmetic(lastList, last, 25, N);
    expect(idsOf(lastList.items)).toEqual(order(ALPHA).slice((last - 1) * 25));
    expectPageArithmetic(expectList(await callRoute(GET, `${PATH}?page=${last + 1}`, { key: KEY }), "trades"), last + 1, 25, N);
    expectPageArithmetic(expectList(await callRoute(GET, `${PATH}?page=10000000`, { key: KEY }), "trades"), 10_000_000, 25, N);
  });

  it("has no extra page when total_count is a multiple of per_page", async () => {
    const perPage = [...Array(Math.min(N - 1, 100)).keys()].map((i) => i + 1).reverse().find((d) => N % d === 0 && d > 1)!;
    const pages = N / perPage;
    const last = expectList(await callRoute(GET, `${PATH}?per_page=${perPage}&page=${pages}`, { key: KEY }), "trades");
    expectPageArithmetic(last, pages, perPage, N);
    expect(last.has_more).toBe(false);
    const prev = expectList(await callRoute(GET, `${PATH}?per_page=${perPage}&page=${pages - 1}`, { key: KEY }), "trades");
    expect(prev.has_more).toBe(true);
  });

  it("reports an empty result as zero pages", async () => {
    expect(expectList(await callRoute(GET, `${PATH}?issuer_id=${fixtureUuid("nobody")}`, { key: KEY }), "trades")).toEqual({
      items: [],
      page: 1,
      total_pages: 0,
      total_count: 0,
      has_more: false,
      next_cursor: null,
    });
  });

  it.each(["-sign_date", "sign_date", "won_date", "-updated_at", "price_per_share", "-volume"])(
    "walking every page (per_page=4, sort=%s) yields every row exactly once, in order",
    async (sort) => {
      const { items, total, pages } = await all(`sort=${sort}`, KEY, 4);
      expect(total).toBe(N);
      expect(pages).toBe(Math.ceil(N / 4));
      expect(new Set(idsOf(items)).size).toBe(N);
      expect(idsOf(items)).toEqual(order(ALPHA, sort));
    },
  );

  it.each(["0", "-1", "1.5", "1e2", "abc", "", "10000001"])("rejects page=%j", async (v) => {
    expectError(await callRoute(GET, `${PATH}?page=${enc(v)}`, { key: KEY }), "invalid_parameter", "page");
  });

  it.each(["0", "-1", "1.5", "1e2", "abc", "", "101"])("rejects per_page=%j", async (v) => {
    expectError(await callRoute(GET, `${PATH}?per_page=${enc(v)}`, { key: KEY }), "invalid_parameter", "per_page");
  });
});

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

  it.each(dateFilters)("%s is inclusive at every boundary (leap day and year end included)", async (param, get, kind) => {
    const dates = [...new Set([...SIGN_DATES, ...ALPHA.map(get), "2024-02-27", "2030-01-01", "2000-01-01"])].sort();
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
    for (const b of ["0", "0.00000001", "12.5", "12.49999999", "100", "100.00000001", "9876543210.12345678", "1234567890123456.78", "999999999999999999", "999999999999999999.99999999"]) {
      await expectRows(`${name}_min=${b}`, ALPHA.filter((r) => units(get(r)) >= units(b)));
      await expectRows(`${name}_max=${b}`, ALPHA.filter((r) => units(get(r)) <= units(b)));
    }
    for (const d of EDGE_DECIMALS) {
      const rows = ALPHA.filter((r) => units(get(r)) === units(d));
      expect(rows.length).toBeGreaterThan(0);
      await expectRows(`${name}_min=${d}&${name}_max=${d}`, rows);
    }
    await expectRows(`${name}_min=999999999999999999&${name}_max=0.00000001`, []);
  });

  it.each(["price_min", "price_max", "volume_min", "volume_max"])("%s rejects invalid decimals", async (param) => {
    for (const bad of ["-0.5", "1e3", "abc", "0.000000001", "1000000000000000000", "", "1,5", "NaN", "%00"]) {
      expectError(await callRoute(GET, `${PATH}?${param}=${bad}`, { key: KEY }), "invalid_parameter", param);
    }
  });
});

describe("GET /my/trades: sorting", () => {
  const sorts = Object.keys(TRADE_SORT_KEYS).flatMap((k) => [k, `-${k}`]);

  it.each(sorts)("sort=%s with ties broken by id ascending", async (sort) => {
    await expectRows(`sort=${sort}`, ALPHA, sort);
  });

  it("the default -sign_date keeps same-day trades in id order", async () => {
    const { items } = await all();
    const byDay = new Map<string, string[]>();
    for (const item of items) byDay.set(item.sign_date as string, [...(byDay.get(item.sign_date as string) ?? []), item.id as string]);
    expect([...byDay.keys()]).toEqual([...byDay.keys()].sort().reverse());
    for (const ids of byDay.values()) expect(ids).toEqual([...ids].sort());
    expect([...byDay.values()].some((ids) => ids.length >= 3)).toBe(true);
  });

  it("volume sorts numerically", async () => {
    const volumes = (await all("sort=-volume")).items.map((i) => i.volume as string);
    expect(volumes[0]).toBe("999999999999999999");
    for (let i = 1; i < volumes.length; i++) expect(units(volumes[i - 1]) >= units(volumes[i])).toBe(true);
  });

  it.each(["price", "-", "", "visibility", "--sign_date", "sign_date,id", "SIGN_DATE", "+won_date"])("rejects sort=%j", async (sort) => {
    expectError(await callRoute(GET, `${PATH}?sort=${enc(sort)}`, { key: KEY }), "invalid_parameter", "sort");
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
