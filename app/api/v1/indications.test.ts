import { describe, expect, it } from "vitest";
import { callRoute, expectError, expectList, expectNoLeak, expectPageArithmetic, fetchAll, idsOf, keysOf } from "@/lib/testing/http";
import { GET } from "./my/indications/route";
import { SIDES, STAGES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES, VISIBILITIES } from "@/lib/domain/enums";
import { SECRETS, TEAMS, type TeamKey } from "@/lib/testing/fixtures/accounts";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { EDGE_DECIMALS, canonicalDecimal, units } from "@/lib/testing/fixtures/decimals";
import { expectedIndication } from "@/lib/testing/fixtures/expected";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { INDICATIONS, teamIndications, type FixtureIndication } from "@/lib/testing/fixtures/indications";
import { INDICATION_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";

const KEY = SECRETS.alphaBroker;
const PATH = "/api/v1/my/indications";
const DEFAULT_SORT = "-updated_at";
const ALPHA = teamIndications("alpha");
const enc = encodeURIComponent;

type Row = FixtureIndication;

const order = (rows: readonly Row[], sort = DEFAULT_SORT) => sortBy(rows, INDICATION_SORT_KEYS, sort).map((r) => r.id);

async function all(query = "", key = KEY, perPage = 100) {
  return fetchAll<Record<string, unknown>>(GET, `${PATH}${query ? `?${query}` : ""}`, "indications", key, perPage);
}

/** The query must return exactly `rows`, in the order of `sort`. */
async function expectRows(query: string, rows: readonly Row[], sort = DEFAULT_SORT, key = KEY) {
  const { items, total } = await all(query, key);
  expect(total, query).toBe(rows.length);
  expect(idsOf(items), query).toEqual(order(rows, sort));
}

const ALL_FIELDS = [
  "acceptable_structures",
  "carried_interest_fee_percent",
  "client_id",
  "created_at",
  "details",
  "id",
  "issuer",
  "last_refreshed_at",
  "management_fee_percent",
  "minimum_volume",
  "opened_at",
  "permalink_id",
  "price_per_share",
  "private_recipients",
  "side",
  "stage",
  "stock_class",
  "stock_class_type",
  "stock_type",
  "structure",
  "third_party_id",
  "updated_at",
  "visibility",
  "volume",
];
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PLAIN_DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

describe("fixture sanity (what makes the tests below meaningful)", () => {
  it("has every enumeration value, ties, edges, nulls and legacy spv in team Alpha", () => {
    for (const side of SIDES) expect(ALPHA.some((r) => r.side === side)).toBe(true);
    for (const stage of STAGES) expect(ALPHA.some((r) => r.stage === stage)).toBe(true);
    for (const v of VISIBILITIES) expect(ALPHA.some((r) => r.visibility === v)).toBe(true);
    for (const t of STOCK_TYPES) expect(ALPHA.some((r) => r.stockType === t)).toBe(true);
    for (const t of STOCK_CLASS_TYPES) expect(ALPHA.some((r) => r.stockClassType === t)).toBe(true);
    for (const s of STRUCTURES) expect(ALPHA.some((r) => r.structure === s)).toBe(true);
    expect(ALPHA.some((r) => r.side === "bid" && r.acceptableStructures.includes("spv"))).toBe(true);
    for (const d of EDGE_DECIMALS) {
      expect(ALPHA.some((r) => canonicalDecimal(r.pricePerShare) === d)).toBe(true);
      expect(ALPHA.some((r) => canonicalDecimal(r.volume) === d)).toBe(true);
    }
    const tie = (key: (r: Row) => string) => {
      const counts = new Map<string, number>();
      for (const r of ALPHA) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
      return Math.max(...counts.values());
    };
    expect(tie((r) => r.updatedAt.toISOString())).toBeGreaterThanOrEqual(3);
    expect(tie((r) => r.createdAt.toISOString())).toBeGreaterThanOrEqual(3);
    expect(tie((r) => units(r.pricePerShare).toString())).toBeGreaterThanOrEqual(3);
    expect(tie((r) => units(r.volume).toString())).toBeGreaterThanOrEqual(3);
    for (const field of ["carriedInterestFeePercent", "clientId", "details", "managementFeePercent", "minimumVolume", "stockClass", "thirdPartyId"] as const) {
      expect(ALPHA.some((r) => r[field] === null), field).toBe(true);
      expect(ALPHA.some((r) => r[field] !== null), field).toBe(true);
    }
    expect(ALPHA.some((r) => r.visibility === "private" && r.privateRecipients.length > 1)).toBe(true);
    expect(ALPHA.every((r) => (r.visibility === "private") === r.privateRecipients.length > 0)).toBe(true);
    expect(ALPHA.length).toBeLessThan(100);
    expect(new Set(INDICATIONS.map((r) => r.id)).size).toBe(INDICATIONS.length);
  });
});

describe("GET /my/indications: fields and formats", () => {
  it("returns every Alpha indication with exactly the fields and values of spec 2.4", async () => {
    const { items } = await all();
    const expected = sortBy(ALPHA, INDICATION_SORT_KEYS, DEFAULT_SORT).map(expectedIndication);
    expect(items).toHaveLength(expected.length);
    items.forEach((item, i) => {
      expect(keysOf(item)).toEqual(ALL_FIELDS);
      expect(keysOf(item.issuer)).toEqual(["id", "name"]);
      expect(item).toEqual(expected[i]);
    });
  });

  it("formats timestamps as RFC 3339 UTC with milliseconds, decimals as plain strings", async () => {
    const { items } = await all();
    for (const item of items) {
      for (const f of ["created_at", "updated_at", "opened_at", "last_refreshed_at"]) expect(item[f]).toMatch(TIMESTAMP);
      for (const f of ["price_per_share", "volume"]) expect(item[f]).toMatch(PLAIN_DECIMAL);
      for (const f of ["carried_interest_fee_percent", "management_fee_percent", "minimum_volume"]) {
        if (item[f] !== null) expect(item[f]).toMatch(PLAIN_DECIMAL);
      }
      expect(Array.isArray(item.acceptable_structures)).toBe(true);
      expect(Array.isArray(item.private_recipients)).toBe(true);
      if (item.side === "bid") expect(item.structure).toBeNull();
      else expect(item.acceptable_structures).toEqual([]);
    }
  });

  it("returns big decimals digit for digit, including non-canonical input", async () => {
    const { items } = await all();
    const prices = new Set(items.map((i) => i.price_per_share));
    const volumes = new Set(items.map((i) => i.volume));
    for (const d of EDGE_DECIMALS) {
      expect(prices.has(d), d).toBe(true);
      expect(volumes.has(d), d).toBe(true);
    }
    const odd = ALPHA.find((r) => r.pricePerShare === "0012.50000000")!;
    expect(items.find((i) => i.id === odd.id)!.price_per_share).toBe("12.5");
  });

  it("returns the legacy structure spv as is", async () => {
    const { items } = await all("structure=spv");
    const expected = ALPHA.filter((r) => r.structure === "spv");
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(items).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const item of items) expect(item.structure).toBe("spv");
    const bids = (await all("side=bid")).items.filter((i) => (i.acceptable_structures as string[]).includes("spv"));
    expect(bids.length).toBe(ALPHA.filter((r) => r.side === "bid" && r.acceptableStructures.includes("spv")).length);
  });
});

describe("GET /my/indications: team scope", () => {
  it.each<[string, string, TeamKey]>([
    ["alpha broker", SECRETS.alphaBroker, "alpha"],
    ["alpha viewer", SECRETS.alphaViewer, "alpha"],
    ["alpha key without companies", SECRETS.alphaNoCompanies, "alpha"],
    ["beta broker", SECRETS.betaBroker, "beta"],
    ["gamma broker", SECRETS.gammaBroker, "gamma"],
  ])("the %s sees exactly its team's indications (own and teammates')", async (_label, key, team) => {
    await expectRows("", teamIndications(team), DEFAULT_SORT, key);
  });

  it("Alpha never sees a Beta or Gamma row, whatever the filters", async () => {
    const alphaIds = new Set(ALPHA.map((r) => r.id));
    const others = INDICATIONS.filter((r) => r.team !== "alpha");
    const queries = [
      "",
      `issuer_id=${SPECIAL_COMPANIES.betaOnly.id}`,
      ...others.slice(0, 10).map((r) => `issuer_id=${r.issuerId}`),
      "side=bid,offer&stage=open,closed_lost",
      "structure=spv",
      "visibility=private",
      "price_min=0",
      "volume_max=999999999999999999.99999999",
      "created_after=2000-01-01T00:00:00Z",
      "updated_since=2000-01-01T00:00:00Z",
      "sort=price_per_share",
      "sort=-volume",
    ];
    for (const query of queries) {
      const { items } = await all(query);
      for (const id of idsOf(items)) expect(alphaIds.has(id), `${query}: ${id}`).toBe(true);
    }
  });

  it("filtering by a company only Beta trades returns nothing to Alpha and Beta's rows to Beta", async () => {
    const id = SPECIAL_COMPANIES.betaOnly.id;
    expect(ALPHA.some((r) => r.issuerId === id)).toBe(false);
    const betaRows = teamIndications("beta").filter((r) => r.issuerId === id);
    expect(betaRows.length).toBeGreaterThan(0);
    const alpha = expectList(await callRoute(GET, `${PATH}?issuer_id=${id}`, { key: KEY }), "indications");
    expect(alpha).toEqual({ items: [], page: 1, total_pages: 0, total_count: 0, has_more: false, next_cursor: null });
    await expectRows(`issuer_id=${id}`, betaRows, DEFAULT_SORT, SECRETS.betaBroker);
  });

  it("the teams' rows are disjoint and cover the fixture", async () => {
    const seen = new Set<string>();
    for (const key of [SECRETS.alphaBroker, SECRETS.betaBroker, SECRETS.gammaBroker]) {
      for (const id of idsOf((await all("", key)).items)) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }
    expect(seen.size).toBe(INDICATIONS.length);
    expect(Object.keys(TEAMS)).toHaveLength(3);
  });
});

describe("GET /my/indications: pagination", () => {
  const N = ALPHA.length;

  it("defaults to page 1, 25 per page, sorted by -updated_at", async () => {
    const list = expectList(await callRoute(GET, PATH, { key: KEY }), "indications");
    expectPageArithmetic(list, 1, 25, N);
    expect(idsOf(list.items)).toEqual(order(ALPHA).slice(0, 25));
  });

  it("serves the last page and an empty page past the end", async () => {
    const last = Math.ceil(N / 25);
    const lastList = expectList(await callRoute(GET, `${PATH}?page=${last}`, { key: KEY }), "indications");
    expectPageArithmetic(lastList, last, 25, N);
    expect(idsOf(lastList.items)).toEqual(order(ALPHA).slice((last - 1) * 25));
    const past = expectList(await callRoute(GET, `${PATH}?page=${last + 1}`, { key: KEY }), "indications");
    expectPageArithmetic(past, last + 1, 25, N);
    const far = expectList(await callRoute(GET, `${PATH}?page=10000000&per_page=100`, { key: KEY }), "indications");
    expectPageArithmetic(far, 10_000_000, 100, N);
  });

  it("has no extra page when total_count is a multiple of per_page", async () => {
    const perPage = [...Array(Math.min(N - 1, 100)).keys()].map((i) => i + 1).reverse().find((d) => N % d === 0 && d > 1)!;
    const pages = N / perPage;
    const last = expectList(await callRoute(GET, `${PATH}?per_page=${perPage}&page=${pages}`, { key: KEY }), "indications");
    expectPageArithmetic(last, pages, perPage, N);
    expect(last.has_more).toBe(false);
    expect(idsOf(last.items)).toEqual(order(ALPHA).slice(-perPage));
  });

  it("reports an empty result as zero pages", async () => {
    const list = expectList(await callRoute(GET, `${PATH}?issuer_id=${fixtureUuid("nobody")}`, { key: KEY }), "indications");
    expect(list).toEqual({ items: [], page: 1, total_pages: 0, total_count: 0, has_more: false, next_cursor: null });
  });

  it.each(["-updated_at", "updated_at", "created_at", "-created_at", "price_per_share", "-volume"])(
    "walking every page (per_page=7, sort=%s) yields every row exactly once, in order",
    async (sort) => {
      const { items, total, pages } = await all(`sort=${sort}`, KEY, 7);
      expect(total).toBe(N);
      expect(pages).toBe(Math.ceil(N / 7));
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
    for (const b of bounds) {
      await expectRows(`${name}_min=${b}`, ALPHA.filter((r) => units(get(r)) >= units(b)));
      await expectRows(`${name}_max=${b}`, ALPHA.filter((r) => units(get(r)) <= units(b)));
    }
    // Exactly one value.
    for (const d of EDGE_DECIMALS) {
      const rows = ALPHA.filter((r) => units(get(r)) === units(d));
      expect(rows.length).toBeGreaterThan(0);
      await expectRows(`${name}_min=${d}&${name}_max=${d}`, rows);
    }
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

describe("GET /my/indications: sorting", () => {
  const sorts = Object.keys(INDICATION_SORT_KEYS).flatMap((k) => [k, `-${k}`]);

  it.each(sorts)("sort=%s orders numerically / chronologically with ties broken by id ascending", async (sort) => {
    await expectRows(`sort=${sort}`, ALPHA, sort);
  });

  it("numeric sort is not string sort (9.5 before 10, 0.00000001 first)", async () => {
    const { items } = await all("sort=price_per_share");
    const prices = items.map((i) => i.price_per_share as string);
    expect(prices[0]).toBe("0.00000001");
    expect(prices.indexOf("9.5")).toBeLessThan(prices.indexOf("10"));
    expect(prices[prices.length - 1]).toBe("999999999999999999");
    for (let i = 1; i < prices.length; i++) expect(units(prices[i - 1]) <= units(prices[i])).toBe(true);
  });

  it("rows with the same price come in id order in both directions", async () => {
    const tied = ALPHA.filter((r) => units(r.pricePerShare) === units("12.5")).map((r) => r.id).sort();
    for (const sort of ["price_per_share", "-price_per_share"]) {
      const ids = idsOf((await all(`sort=${sort}`)).items).filter((id) => tied.includes(id));
      expect(ids).toEqual(tied);
    }
  });

  it.each(["price", "+price_per_share", "--volume", "side", "", "updated_at,created_at", "-", "UPDATED_AT", "sign_date", enc("updated_at; DROP TABLE indications")])(
    "rejects sort=%j",
    async (sort) => {
      expectError(await callRoute(GET, `${PATH}?sort=${sort}`, { key: KEY }), "invalid_parameter", "sort");
    },
  );
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
