import { describe, expect, it } from "vitest";
import { callRoute, expectError, expectList, expectPageArithmetic, idsOf, keysOf } from "@/lib/testing/http";
import { GET } from "./my/trades/route";
import { STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES } from "@/lib/domain/enums";
import { SECRETS, type TeamKey } from "@/lib/testing/fixtures/accounts";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { EDGE_DECIMALS, canonicalDecimal, units } from "@/lib/testing/fixtures/decimals";
import { expectedTrade } from "@/lib/testing/fixtures/expected";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { TRADE_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";
import { TRADES, teamTrades } from "@/lib/testing/fixtures/trades";
import { ALPHA, DEFAULT_SORT, KEY, PATH, type Row, all, enc, expectRows, order } from "./_testing/trades";

const ALL_FIELDS = [
  "attributed_to_owner",
  "carried_interest_fee_percent",
  "client_id",
  "created_at",
  "deal_id",
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
