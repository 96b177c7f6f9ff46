import { describe, expect, it } from "vitest";
import {
  callRoute,
  expectError,
  expectList,
  expectNoLeak,
  expectPageArithmetic,
  fetchAll,
  idsOf,
  keysOf,
} from "@/lib/testing/http";
import { GET as listCompaniesRoute } from "./companies/route";
import { GET as companyRoute } from "./companies/[company_id]/route";
import { API_KEYS, SECRETS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES, SPECIAL_COMPANIES, type FixtureCompany } from "@/lib/testing/fixtures/companies";
import { expectedCompanyDetail } from "@/lib/testing/fixtures/expected";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { sortRows } from "@/lib/testing/fixtures/order";

const KEY = SECRETS.alphaBroker;

/** The contract's order: name, then id (binary string order, the collation of both test DBs). */
const ordered = (rows: readonly FixtureCompany[]) => sortRows(rows, (c) => c.name, false);

/** Case-insensitive substring of name or legal name, `%` and `_` literal. */
function matchesQ(c: FixtureCompany, q: string): boolean {
  const needle = q.toLowerCase();
  return c.name.toLowerCase().includes(needle) || c.legalName.toLowerCase().includes(needle);
}

const enc = encodeURIComponent;

async function allCompanies(query = "", perPage = 100) {
  return fetchAll<{ id: string; name: string }>(listCompaniesRoute, `/api/v1/companies${query ? `?${query}` : ""}`, "companies", KEY, perPage);
}

describe("GET /companies: shape and order", () => {
  it("fixture sanity: the properties these tests rely on hold", () => {
    expect(COMPANIES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(COMPANIES.map((c) => c.id)).size).toBe(COMPANIES.length);
    // A duplicated name (id tie-break), names in every case, shared countries and regions.
    expect(COMPANIES.filter((c) => c.name === "Nimbus")).toHaveLength(2);
    expect(COMPANIES.some((c) => c.name === c.name.toLowerCase() && /[a-z]/.test(c.name))).toBe(true);
    expect(COMPANIES.some((c) => c.name === c.name.toUpperCase() && /[A-Z]/.test(c.name))).toBe(true);
    expect(new Set(COMPANIES.map((c) => c.region)).size).toBeLessThan(new Set(COMPANIES.map((c) => c.country)).size);
  });

  it("lists every company, items exactly {id, name}, ordered by name then id", async () => {
    const { items, total } = await allCompanies();
    expect(total).toBe(COMPANIES.length);
    for (const item of items) {
      expect(keysOf(item)).toEqual(["id", "name"]);
      expect(typeof item.id).toBe("string");
      expect(typeof item.name).toBe("string");
    }
    expect(items).toEqual(ordered(COMPANIES).map((c) => ({ id: c.id, name: c.name })));
  });

  it("breaks ties on equal names by id ascending", async () => {
    const { items } = await allCompanies("q=nimbus");
    const nimbus = [SPECIAL_COMPANIES.nimbusCloud, SPECIAL_COMPANIES.nimbusAero].map((c) => c.id).sort();
    expect(idsOf(items)).toEqual(nimbus);
  });

  it("is open to any valid caller, whatever its permissions", async () => {
    for (const key of [SECRETS.alphaViewer, SECRETS.alphaNoCompanies, SECRETS.betaBroker, SECRETS.gammaBroker]) {
      const list = expectList(await callRoute(listCompaniesRoute, "/api/v1/companies", { key }), "companies");
      expect(list.total_count).toBe(COMPANIES.length);
    }
  });
});

describe("GET /companies: pagination", () => {
  const N = COMPANIES.length;

  it("defaults to page 1 and 25 per page", async () => {
    const list = expectList(await callRoute(listCompaniesRoute, "/api/v1/companies", { key: KEY }), "companies");
    expectPageArithmetic(list, 1, 25, N);
    expect(idsOf(list.items)).toEqual(ordered(COMPANIES).slice(0, 25).map((c) => c.id));
  });

  it("serves the last (partial) page and an empty page past the end", async () => {
    const lastPage = Math.ceil(N / 25);
    const last = expectList(await callRoute(listCompaniesRoute, `/api/v1/companies?page=${lastPage}`, { key: KEY }), "companies");
    expectPageArithmetic(last, lastPage, 25, N);
    expect(idsOf(last.items)).toEqual(ordered(COMPANIES).slice((lastPage - 1) * 25).map((c) => c.id));
    const past = expectList(await callRoute(listCompaniesRoute, `/api/v1/companies?page=${lastPage + 1}`, { key: KEY }), "companies");
    expectPageArithmetic(past, lastPage + 1, 25, N);
    expect(past.items).toEqual([]);
    const far = expectList(await callRoute(listCompaniesRoute, "/api/v1/companies?page=10000000", { key: KEY }), "companies");
    expectPageArithmetic(far, 10_000_000, 25, N);
  });

  it("counts pages exactly when total_count is a multiple of per_page", async () => {
    const perPage = [20, 15, 12, 10, 6, 5, 4, 3, 2].find((d) => N % d === 0 && d < N)!;
    const last = expectList(await callRoute(listCompaniesRoute, `/api/v1/companies?per_page=${perPage}&page=${N / perPage}`, { key: KEY }), "companies");
    expectPageArithmetic(last, N / perPage, perPage, N);
    expect(last.has_more).toBe(false);
    const beforeLast = expectList(await callRoute(listCompaniesRoute, `/api/v1/companies?per_page=${perPage}&page=${N / perPage - 1}`, { key: KEY }), "companies");
    expect(beforeLast.has_more).toBe(true);
  });

  it("answers an empty result with zero pages", async () => {
    const list = expectList(await callRoute(listCompaniesRoute, "/api/v1/companies?q=no-such-company-anywhere", { key: KEY }), "companies");
    expect(list).toEqual({ items: [], page: 1, total_pages: 0, total_count: 0, has_more: false, next_cursor: null });
    const page2 = expectList(await callRoute(listCompaniesRoute, "/api/v1/companies?q=no-such-company-anywhere&page=2", { key: KEY }), "companies");
    expect(page2).toEqual({ items: [], page: 2, total_pages: 0, total_count: 0, has_more: false, next_cursor: null });
  });

  it.each([1, 7, 25, 100])("walks every page with per_page=%i: each company exactly once", async (perPage) => {
    const { items, total, pages } = await allCompanies("", perPage);
    expect(pages).toBe(Math.ceil(N / perPage));
    expect(items).toHaveLength(total);
    expect(new Set(idsOf(items)).size).toBe(N);
    expect(idsOf(items)).toEqual(ordered(COMPANIES).map((c) => c.id));
  });

  it.each(["0", "-1", "1.5", "1e2", "abc", "", "+1", " 1", "10000001", "99999999999999999999"])("rejects page=%j", async (v) => {
    expectError(await callRoute(listCompaniesRoute, `/api/v1/companies?page=${enc(v)}`, { key: KEY }), "invalid_parameter", "page");
  });

  it.each(["0", "-1", "1.5", "1e2", "abc", "", "101", "1000"])("rejects per_page=%j", async (v) => {
    expectError(await callRoute(listCompaniesRoute, `/api/v1/companies?per_page=${enc(v)}`, { key: KEY }), "invalid_parameter", "per_page");
  });

  it("accepts per_page at both bounds", async () => {
    expectPageArithmetic(expectList(await callRoute(listCompaniesRoute, "/api/v1/companies?per_page=1", { key: KEY }), "companies"), 1, 1, N);
    expectPageArithmetic(expectList(await callRoute(listCompaniesRoute, "/api/v1/companies?per_page=100", { key: KEY }), "companies"), 1, 100, N);
  });
});

describe("GET /companies: filters", () => {
  const qCases = [
    "acme",
    "ACME",
    "aCmE rObOtIcS",
    "nimbus",
    "peregrine", // legal name only
    "systems",
    "%",
    "_",
    "l_d", // literal: a wildcard `_` would also match "world", "ltd"...
    "%data", // literal: a wildcard `%` would match "Real_Data"
    "100%",
    "søren",
    "SØREN",
    "ÉMILE",
    "ørsted",
    "o'brien",
    "' OR 1=1 --",
    "'; DROP TABLE companies; --",
    '"',
    "\\",
    "🚀",
    "a".repeat(200),
  ];

  it.each(qCases)("q=%j matches name or legal name, case-insensitively and literally", async (q) => {
    const expected = ordered(COMPANIES.filter((c) => matchesQ(c, q)));
    const { items, total } = await allCompanies(`q=${enc(q)}`);
    expect(total).toBe(expected.length);
    expect(idsOf(items)).toEqual(expected.map((c) => c.id));
  });

  it("the wildcard and case cases above are meaningful for this fixture", () => {
    expect(COMPANIES.filter((c) => matchesQ(c, "%")).map((c) => c.id)).toEqual([SPECIAL_COMPANIES.percentUnderscore.id]);
    expect(COMPANIES.filter((c) => matchesQ(c, "_")).map((c) => c.id).sort()).toEqual(
      [SPECIAL_COMPANIES.percentUnderscore.id, SPECIAL_COMPANIES.underscoreOnly.id].sort(),
    );
    expect(COMPANIES.filter((c) => matchesQ(c, "acme"))).toHaveLength(3);
    expect(COMPANIES.filter((c) => matchesQ(c, "peregrine")).map((c) => c.id)).toEqual([SPECIAL_COMPANIES.legalNameOnly.id]);
    expect(COMPANIES.filter((c) => matchesQ(c, "SØREN")).map((c) => c.id)).toEqual([SPECIAL_COMPANIES.nonAscii.id]);
    // What SQL LIKE wildcards would have matched: many more rows.
    expect(COMPANIES.filter((c) => /l.d/i.test(c.name) || /l.d/i.test(c.legalName)).length).toBeGreaterThan(1);
  });

  it.each(["a".repeat(201), "x".repeat(5000)])("rejects q longer than 200 characters (%#)", async (q) => {
    expectError(await callRoute(listCompaniesRoute, `/api/v1/companies?q=${q}`, { key: KEY }), "invalid_parameter", "q");
  });

  it.each(["%00", "acme%00", "%01", "%1F", "%7F", "a%0Ab", "%09", "%C2%80", "acme%C2%85", "%C2%9F"])("rejects control characters in q (%s)", async (raw) => {
    expectError(await callRoute(listCompaniesRoute, `/api/v1/companies?q=${raw}`, { key: KEY }), "invalid_parameter", "q");
  });

  it("filters by exact country and exact region", async () => {
    const countries = [...new Set(COMPANIES.map((c) => c.country))];
    for (const country of countries) {
      const { items } = await allCompanies(`country=${enc(country)}`);
      expect(idsOf(items)).toEqual(ordered(COMPANIES.filter((c) => c.country === country)).map((c) => c.id));
    }
    const regions = [...new Set(COMPANIES.map((c) => c.region))];
    for (const region of regions) {
      const { items } = await allCompanies(`region=${enc(region)}`);
      const expected = ordered(COMPANIES.filter((c) => c.region === region));
      expect(idsOf(items)).toEqual(expected.map((c) => c.id));
    }
  });

  it("matches country and region exactly, not as substrings", async () => {
    expect(COMPANIES.some((c) => c.country === "United States")).toBe(true);
    for (const query of ["country=United", "country=States", "region=Europ", "region=%25", "country=_nited%20States"]) {
      const list = expectList(await callRoute(listCompaniesRoute, `/api/v1/companies?${query}`, { key: KEY }), "companies");
      expect(list.total_count, query).toBe(0);
    }
  });

  it("combines q, country and region (AND)", async () => {
    const expected = ordered(COMPANIES.filter((c) => matchesQ(c, "a") && c.region === "Europe" && c.country === "Germany"));
    expect(expected.length).toBeGreaterThan(0);
    const { items } = await allCompanies("q=A&region=Europe&country=Germany");
    expect(idsOf(items)).toEqual(expected.map((c) => c.id));
    const none = ordered(COMPANIES.filter((c) => c.region === "Asia" && c.country === "Germany"));
    expect(none).toHaveLength(0);
    expect((await allCompanies("region=Asia&country=Germany")).total).toBe(0);
  });

  it.each(["foo", "Q", "limit", "offset", "name"])("rejects the unknown parameter %s", async (name) => {
    expectError(await callRoute(listCompaniesRoute, `/api/v1/companies?${name}=1`, { key: KEY }), "unknown_parameter", name);
  });

  it.each([
    ["q=a&q=b", "q"],
    ["country=Japan&country=France", "country"],
    ["region=Asia&region=Europe", "region"],
    ["page=1&page=2", "page"],
    ["per_page=10&per_page=10", "per_page"],
  ])("rejects a repeated parameter (%s)", async (query, param) => {
    expectError(await callRoute(listCompaniesRoute, `/api/v1/companies?${query}`, { key: KEY }), "invalid_parameter", param);
  });

  it.each(["q", "country", "region", "page", "per_page"])("never fails with a 500 on hostile values of %s", async (param) => {
    const hostile = [
      enc("' OR 1=1 --"),
      "%25",
      "_",
      enc("🚀🚀"),
      "x".repeat(5000),
      "%00",
      "%FF",
      "%C3%28",
      "%E2%82",
      enc("Robert'); DROP TABLE companies;--"),
      enc("\\x00"),
    ];
    for (const value of hostile) {
      const result = await callRoute(listCompaniesRoute, `/api/v1/companies?${param}=${value}`, { key: KEY });
      expect([200, 400], `${param}=${value.slice(0, 40)}: ${result.text.slice(0, 200)}`).toContain(result.status);
      if (result.status === 400) expectError(result, "invalid_parameter", param);
      else expectList(result, "companies");
      expectNoLeak(result.text);
    }
  });
});

describe("GET /companies/{company_id}", () => {
  it("returns exactly the fields of spec 2.2 for every company", async () => {
    for (const c of COMPANIES) {
      const result = await callRoute(companyRoute, `/api/v1/companies/${c.id}`, { key: KEY });
      expect(result.status, result.text.slice(0, 200)).toBe(200);
      expect(result.headers.get("content-type") ?? "").toMatch(/^application\/json\b/);
      expect(result.headers.get("x-request-id")).toBeTruthy();
      expect(keysOf(result.body)).toEqual(
        ["description", "id", "lead_investors", "legal_name", "logos", "name", "platform_url", "region", "country", "url"].sort(),
      );
      const body = result.body as Record<string, unknown>;
      expect(keysOf(body.logos)).toEqual(["logo_24x24", "logo_32x32", "logo_48x48", "logo_64x64", "logo_96x96"]);
      expect(body).toEqual(expectedCompanyDetail(c));
    }
  });

  it("covers an empty lead_investors array and non-ASCII names", async () => {
    expect(SPECIAL_COMPANIES.apostrophe.leadInvestors).toEqual([]);
    const empty = await callRoute(companyRoute, `/api/v1/companies/${SPECIAL_COMPANIES.apostrophe.id}`, { key: KEY });
    expect((empty.body as { lead_investors: unknown }).lead_investors).toEqual([]);
    const nonAscii = await callRoute(companyRoute, `/api/v1/companies/${SPECIAL_COMPANIES.nonAscii.id}`, { key: KEY });
    expect((nonAscii.body as { name: unknown }).name).toBe("Émile Søren Labs");
  });

  it("serves logos as absolute URLs on the request's origin", async () => {
    const c = SPECIAL_COMPANIES.nimbusAero;
    const body = (await callRoute(companyRoute, `/api/v1/companies/${c.id}`, { key: KEY })).body as { logos: Record<string, string> };
    for (const n of [24, 32, 48, 64, 96]) {
      expect(body.logos[`logo_${n}x${n}`]).toBe(`http://localhost/logos/${c.id}/${n}x${n}.svg`);
      expect(new URL(body.logos[`logo_${n}x${n}`]).protocol).toBe("http:");
    }
  });

  it("builds logo URLs on the Host the caller asked for, not the address the server is bound to", async () => {
    const c = SPECIAL_COMPANIES.nimbusAero;
    const logos = async (host: string) =>
      ((await callRoute(companyRoute, `/api/v1/companies/${c.id}`, { key: KEY, plain: true, headers: { host } })).body as { logos: Record<string, string> }).logos;
    expect((await logos("desk.example:8443")).logo_24x24).toBe(`http://desk.example:8443/logos/${c.id}/24x24.svg`);
    expect((await logos("[::1]:3000")).logo_24x24).toBe(`http://[::1]:3000/logos/${c.id}/24x24.svg`);
    // A Host that is not a host (a path, a user part) is ignored: the request's own origin stays.
    for (const host of ["evil.example/x", "a@b.example", "a b"]) {
      expect((await logos(host)).logo_24x24).toBe(`http://localhost/logos/${c.id}/24x24.svg`);
    }
  });

  it("is visible to any team holding the companies permission (companies are not team data)", async () => {
    const c = SPECIAL_COMPANIES.alphaOnly;
    const result = await callRoute(companyRoute, `/api/v1/companies/${c.id}`, { key: SECRETS.betaBroker });
    expect(result.status).toBe(200);
    expect(result.body).toEqual(expectedCompanyDetail(c));
  });

  it("is forbidden without the companies permission (403)", async () => {
    const c = COMPANIES[0];
    // The viewer's key lists `companies` but its owner lacks it; the other key lacks the scope.
    expect(API_KEYS.alphaViewer.scopes).toContain("companies");
    expect(API_KEYS.alphaNoCompanies.scopes).not.toContain("companies");
    for (const key of [SECRETS.alphaViewer, SECRETS.alphaNoCompanies]) {
      expectError(await callRoute(companyRoute, `/api/v1/companies/${c.id}`, { key }), "forbidden", null);
    }
  });

  it("answers 404 not_found for an unknown UUID", async () => {
    for (const id of [fixtureUuid("no-such-company"), "3f2504e0-4f89-41d3-9a0c-0305e82c3301"]) {
      expect(COMPANIES.some((c) => c.id === id)).toBe(false);
      expectError(await callRoute(companyRoute, `/api/v1/companies/${id}`, { key: KEY }), "not_found");
    }
  });

  it.each([
    ["abc", "abc"],
    ["1", "1"],
    ["sql", enc("' OR 1=1 --")],
    ["percent", "%25"],
    ["underscore", "_"],
    ["emoji", enc("🚀")],
    ["5000 chars", "a".repeat(5000)],
    ["invalid UTF-8", "%FF"],
    ["truncated UTF-8", "%E2%82"],
    ["UUID + suffix", `${COMPANIES[0].id}x`],
    ["UUID without dashes", COMPANIES[0].id.replace(/-/g, "")],
    ["UUID in braces", `%7B${COMPANIES[0].id}%7D`],
    ["UUID with spaces", `%20${COMPANIES[0].id}%20`],
  ])("answers 404 not_found for a non-UUID id, as for an unknown one (%s)", async (_label, segment) => {
    expectError(await callRoute(companyRoute, `/api/v1/companies/${segment}`, { key: KEY }), "not_found");
  });

  it.each([
    ["NUL", "%00"],
    ["UUID + NUL", `${COMPANIES[0].id}%00`],
  ])("answers 400 invalid_parameter for an id holding U+0000, as for any input holding it (%s)", async (_label, segment) => {
    expectError(await callRoute(companyRoute, `/api/v1/companies/${segment}`, { key: KEY }), "invalid_parameter", "company_id");
  });

  it("rejects query parameters it does not know", async () => {
    expectError(await callRoute(companyRoute, `/api/v1/companies/${COMPANIES[0].id}?foo=1`, { key: KEY }), "unknown_parameter", "foo");
  });
});
