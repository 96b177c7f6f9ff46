import { beforeAll, describe, expect, it } from "vitest";
import { ratioOf } from "@/lib/companies/mark-columns";
import { getDb } from "@/lib/db/client";
import { toStoredDecimal } from "@/lib/domain/decimal";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, expectError } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { GET as listCompanies } from "./companies/route";

/**
 * GET /companies sorted and filtered by the companies' current marks (issue 46): the columns the
 * marks keep on each company's row (lib/marks/current.ts), set here by hand so every value, tie
 * and null is known. The updater's writes of them: companies-marks-kept.test.ts.
 */

const own = withAppOnOwnDatabase();
const KEY = SECRETS.alphaBroker;

type Marked = { id: string; name: string; mark: string | null; ratio: string | null };

// Prices with ties (10 three times, 0.5 twice) and companies without a mark; ratios with ties,
// falls and rises, and a mark without a ratio (no mark 30 days before).
const PRICES = ["10", "2.5", "10", "150.25", null, "0.5", "10", "0.0123", null, "0.5", "99999", "3"];
const CHANGES = ["0.05", "-0.2", null, "0.05", null, "1.5", "-0.05", "0", null, "-0.99", "0.05", "0.1"];

const marked: Marked[] = COMPANIES.map((c, i) => {
  const price = i < 4 * PRICES.length ? PRICES[i % PRICES.length] : null;
  const change = price === null ? null : CHANGES[i % CHANGES.length];
  const stored = price === null ? null : toStoredDecimal(price);
  // The ratio as the marks write it: the mark over the mark 30 days before.
  const before = change === null || stored === null ? null : toStoredDecimal((Number(price) / (1 + Number(change))).toFixed(8));
  return { id: c.id, name: c.name, mark: stored, ratio: stored === null ? null : ratioOf(stored, before) };
});

beforeAll(async () => {
  for (const m of marked) {
    if (m.mark !== null) await getDb().company.update({ where: { id: m.id }, data: { markPrice: m.mark, markRatio30d: m.ratio } });
  }
});

/** The companies in the order a mark sort gives: those without a value last either way, ties by id. */
function expected(by: "mark" | "ratio", direction: "asc" | "desc", rows = marked): string[] {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const x = a[by];
      const y = b[by];
      if (x === null || y === null) return x === y ? (a.id < b.id ? -1 : 1) : x === null ? 1 : -1;
      return x === y ? (a.id < b.id ? -1 : 1) : x < y ? -sign : sign;
    })
    .map((m) => m.id);
}

async function page(query: string, key = KEY) {
  const result = await callRoute(listCompanies, `/api/v1/companies?${query}`, { key });
  expect(result.status, result.text).toBe(200);
  return result.body as { companies: { id: string; name: string }[]; total_count: number; has_more: boolean; next_cursor: string | null };
}

/** Every company of a query, walked by cursor `per` at a time. */
async function walkByCursor(query: string, per: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const body = await page(`${query}&per_page=${per}${cursor ? `&cursor=${cursor}` : ""}`);
    ids.push(...body.companies.map((c) => c.id));
    cursor = body.next_cursor;
    expect(body.has_more).toBe(cursor !== null);
  } while (cursor !== null);
  return ids;
}

/** The same by page number. */
async function walkByNumber(query: string, per: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; ; n++) {
    const body = await page(`${query}&per_page=${per}&page=${n}`);
    ids.push(...body.companies.map((c) => c.id));
    if (!body.has_more) return ids;
  }
}

describe("GET /companies?sort=mark, change_30d", () => {
  for (const [sort, by, direction] of [
    ["mark", "mark", "asc"],
    ["-mark", "mark", "desc"],
    ["change_30d", "ratio", "asc"],
    ["-change_30d", "ratio", "desc"],
  ] as const) {
    it(`sort=${sort}: ties by id, companies without one last, the same walked by cursor and by page (across ties and into the nulls)`, async () => {
      const want = expected(by, direction);
      expect(await walkByCursor(`sort=${sort}`, 7)).toEqual(want);
      expect(await walkByNumber(`sort=${sort}`, 7)).toEqual(want);
      // Pages that start inside a run of ties, and on the first company without a value.
      const withValue = marked.filter((m) => m[by] !== null).length;
      expect(await walkByCursor(`sort=${sort}`, withValue)).toEqual(want);
      expect(await walkByCursor(`sort=${sort}`, 2)).toEqual(want);
    });
  }

  it("refuses a cursor of another sort, naming both", async () => {
    const body = await page("sort=mark&per_page=2");
    const result = await callRoute(listCompanies, `/api/v1/companies?sort=-mark&cursor=${body.next_cursor}`, { key: KEY });
    expectError(result, "invalid_parameter", "cursor");
    expect(result.text).toContain("sort=mark");
    expect(result.text).toContain("-mark");
  });
});

describe("GET /companies?mark_min, mark_max, change_30d_min, change_30d_max", () => {
  const byName = (rows: Marked[]) => [...rows].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1)).map((m) => m.id);
  const inRange = (value: string | null, min?: string, max?: string) => value !== null && (min === undefined || value >= min) && (max === undefined || value <= max);
  const cases: [string, (m: Marked) => boolean][] = [
    ["mark_min=10", (m) => inRange(m.mark, toStoredDecimal("10"))],
    ["mark_max=10", (m) => inRange(m.mark, undefined, toStoredDecimal("10"))],
    ["mark_min=0.5&mark_max=10", (m) => inRange(m.mark, toStoredDecimal("0.5"), toStoredDecimal("10"))],
    ["mark_min=10.00000001", (m) => inRange(m.mark, toStoredDecimal("10.00000001"))],
    ["change_30d_min=0.05", (m) => inRange(m.ratio, toStoredDecimal("1.05"))],
    ["change_30d_max=-0.05", (m) => inRange(m.ratio, undefined, toStoredDecimal("0.95"))],
    ["change_30d_min=-0.2&change_30d_max=0", (m) => inRange(m.ratio, toStoredDecimal("0.8"), toStoredDecimal("1"))],
    ["change_30d_min=-1", (m) => m.ratio !== null],
    ["mark_min=1&change_30d_min=0", (m) => inRange(m.mark, toStoredDecimal("1")) && inRange(m.ratio, toStoredDecimal("1"))],
  ];
  for (const [query, keep] of cases) {
    it(`${query}: inclusive bounds, companies without a value left out`, async () => {
      const want = marked.filter(keep);
      expect(want.length).toBeGreaterThan(0);
      expect(await walkByCursor(query, 5)).toEqual(byName(want));
      const sorted = await walkByCursor(`${query}&sort=-mark`, 4);
      expect(sorted).toEqual(expected("mark", "desc", want));
      expect((await page(query)).total_count).toBe(want.length);
    });
  }

  it("takes an empty value as no bound, as ?country= is", async () => {
    const all = await page("per_page=100");
    const empty = await page("per_page=100&mark_min=&mark_max=&change_30d_min=&change_30d_max=");
    expect(empty.companies).toEqual(all.companies);
    expect(empty.total_count).toBe(COMPANIES.length);
  });

  it("refuses what is not a bound with a 400 naming the parameter", async () => {
    for (const [query, param] of [
      ["mark_min=abc", "mark_min"],
      ["mark_max=-1", "mark_max"],
      ["mark_min=1e3", "mark_min"],
      ["mark_max=1.123456789", "mark_max"],
      ["mark_min=%2010", "mark_min"],
      ["change_30d_min=-1.5", "change_30d_min"],
      ["change_30d_max=-1.00000001", "change_30d_max"],
      ["change_30d_min=5%25", "change_30d_min"],
      ["change_30d_max=%2B0.1", "change_30d_max"],
      ["change_30d_min=0.1.2", "change_30d_min"],
      ["sort=marks", "sort"],
      ["sort=%2Bmark", "sort"],
    ]) {
      expectError(await callRoute(listCompanies, `/api/v1/companies?${query}`, { key: KEY }), "invalid_parameter", param);
    }
    // Every problem at once.
    const both = await callRoute(listCompanies, "/api/v1/companies?mark_min=x&change_30d_max=y", { key: KEY });
    expectError(both, "invalid_parameter", "mark_min");
    expect((both.body as { error: { errors: { param: string }[] } }).error.errors.map((e) => e.param)).toEqual(["mark_min", "change_30d_max"]);
  });

  it("takes -0 and -1 as the changes they are", async () => {
    expect((await page("change_30d_min=-0&change_30d_max=-0.0")).total_count).toBe(marked.filter((m) => m.ratio === toStoredDecimal("1")).length);
    expect((await page("change_30d_max=-1")).total_count).toBe(0);
  });
});

describe("GET /companies by details (headquarters, marks) needs `companies`", () => {
  for (const [name, key] of [
    ["a user without it", SECRETS.alphaViewer],
    ["a key scoped without it", SECRETS.alphaNoCompanies],
  ] as const) {
    it(`refuses ${name} a headquarters filter, a mark's sort or bound (403 naming the parameter), and lists names as before`, async () => {
      for (const [query, param] of [
        ["country=Germany", "country"],
        ["region=Bavaria&sort=name", "region"],
        ["sort=mark", "sort"],
        ["sort=-change_30d", "sort"],
        ["mark_min=1", "mark_min"],
        ["mark_max=1", "mark_max"],
        ["change_30d_min=0", "change_30d_min"],
        ["change_30d_max=0&sort=-mark", "change_30d_max"],
      ]) {
        const result = await callRoute(listCompanies, `/api/v1/companies?${query}`, { key });
        expectError(result, "forbidden", param);
        expect((result.body as { error: { message: string } }).error.message).toContain('the "companies" permission');
      }
      // An empty bound reads no mark, an empty country no headquarters: no refusal.
      expect((await page("sort=-name&mark_min=&country=", key)).total_count).toBe(COMPANIES.length);
    });
  }
});

describe("the kept answers of a mark sort", () => {
  it("follow a mark's change at once, and a mark's write leaves the `companies` counter (the issuer names' lists) alone", async () => {
    const version = async (name: string) => Number((await getDb().tableVersion.findUniqueOrThrow({ where: { name } })).version);
    const first = await page("sort=-mark&per_page=3");
    const [top] = first.companies;
    // The company with the lowest mark goes to the top.
    const last = marked.find((m) => m.id === expected("mark", "asc")[0])!;
    const [companies, marks] = [await version("companies"), await version("company_marks")];
    await own.database.db.company.update({ where: { id: last.id }, data: { markPrice: toStoredDecimal("999999") } });
    expect(await version("companies")).toBe(companies);
    expect(await version("company_marks")).toBeGreaterThan(marks);
    const again = await page("sort=-mark&per_page=3");
    expect(again.companies[0].id).toBe(last.id);
    expect(again.companies[1].id).toBe(top.id);
    // A name's change moves both: a mark list reads names too.
    await own.database.db.company.update({ where: { id: last.id }, data: { name: `${last.name} (renamed)` } });
    expect(await version("companies")).toBeGreaterThan(companies);
    expect((await page("sort=-mark&per_page=1")).companies[0].name).toBe(`${last.name} (renamed)`);
    await own.database.db.company.update({ where: { id: last.id }, data: { name: last.name, markPrice: last.mark } });
  });
});
