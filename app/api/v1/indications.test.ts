import { describe, expect, it } from "vitest";
import { callRoute, expectError, expectList, expectPageArithmetic, idsOf, keysOf } from "@/lib/testing/http";
import { GET } from "./my/indications/route";
import { SIDES, STAGES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES, VISIBILITIES } from "@/lib/domain/enums";
import { SECRETS, TEAMS, type TeamKey } from "@/lib/testing/fixtures/accounts";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { EDGE_DECIMALS, canonicalDecimal, units } from "@/lib/testing/fixtures/decimals";
import { expectedIndication } from "@/lib/testing/fixtures/expected";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { INDICATIONS, teamIndications } from "@/lib/testing/fixtures/indications";
import { INDICATION_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";
import { ALPHA, DEFAULT_SORT, KEY, PATH, type Row, all, enc, expectRows, order } from "./_testing/indications";

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
