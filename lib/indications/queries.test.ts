import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyList } from "@/lib/companies/queries";
import { companyListParamsSchema } from "@/lib/companies/schema";
import { dialectOf } from "@/lib/db/dialect";
import { ListCache, type Engine } from "@/lib/db/engine";
import { listVersion, runPage } from "@/lib/db/page";
import { pageSql } from "@/lib/db/page-sql";
import { TEAMS } from "@/lib/testing/fixtures/accounts";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { indicationRows } from "@/lib/testing/fixtures/stored";
import { withOwnDatabase } from "@/lib/testing/own-database";
import { indicationList } from "./queries";
import { indicationListParamsSchema, type Indication, type IndicationListQuery } from "./schema";
import { parseQuery } from "@/lib/schema/params";

/**
 * The indications list through the page engine (lib/db/page.ts): its count cache and page starts.
 * A cached count must never outlive a write, whichever connection made it.
 */

const own = withOwnDatabase();

const ALPHA = teamIndications("alpha");
const TEMPLATE = indicationRows().find((r) => r.teamId === TEAMS.alpha.id && r.side === "offer")!;

function query(params = ""): IndicationListQuery {
  const parsed = parseQuery(indicationListParamsSchema, new URLSearchParams(params));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

/** Statements run through `list`, to see which ones started from a cached page start. */
const statements: string[] = [];

async function list(params = "", cache = own.engine.cache) {
  const { engine } = own;
  const recording: Engine = { ...engine, cache, run: (sql) => (statements.push(sql.text), engine.run(sql)) };
  const page = await runPage(recording, indicationList(TEAMS.alpha.id, query(params)));
  return { total: page.total, items: JSON.parse(page.itemsJson) as Indication[] };
}

/** The same page read by skipping rows (a new cache knows no page start): the reference. */
const byOffset = (params: string) => list(params, new ListCache());

describe("page statement and count cache", () => {
  it("keeps counts exact across inserts, updates and deletes made by another connection", async () => {
    const bids = ALPHA.filter((r) => r.side === "bid").length;
    // Twice each, so the second answer comes from the cache.
    for (let i = 0; i < 2; i++) {
      expect((await list()).total).toBe(ALPHA.length);
      expect((await list("side=bid")).total).toBe(bids);
    }

    const id = "00000000-0000-4000-8000-00000000c0de";
    const now = new Date(Date.UTC(2030, 0, 1));
    await own.writer.indication.create({ data: { ...TEMPLATE, id, permalinkId: "cache-test", createdAt: now, updatedAt: now } });
    const inserted = await list();
    expect(inserted.total).toBe(ALPHA.length + 1);
    expect(inserted.items[0].id).toBe(id);
    expect((await list("side=bid")).total).toBe(bids);

    await own.writer.indication.update({ where: { id }, data: { side: "bid", structure: null } });
    expect((await list("side=bid")).total).toBe(bids + 1);

    await own.writer.indication.delete({ where: { id } });
    expect((await list()).total).toBe(ALPHA.length);
    expect((await list("side=bid")).total).toBe(bids);
  });

  it("keeps a team's cached count through other teams' writes, and drops it on its own team's (team counters)", async () => {
    const recount = async () => {
      statements.length = 0;
      const page = await list("side=offer");
      return { total: page.total, counted: statements.some((text) => /count\(\*\)/i.test(text)) };
    };
    const offers = ALPHA.filter((r) => r.side === "offer").length;
    await recount();
    expect(await recount()).toEqual({ total: offers, counted: false });

    const betaRow = indicationRows().find((r) => r.teamId === TEAMS.beta.id)!;
    await own.writer.indication.update({ where: { id: betaRow.id }, data: { details: "beta wrote this" } });
    await own.writer.indication.create({ data: { ...betaRow, id: "00000000-0000-4000-8000-0000000be7a0", permalinkId: "beta-write" } });
    expect(await recount()).toEqual({ total: offers, counted: false });

    // An update that moves a row between teams reaches both teams' counters.
    await own.writer.indication.update({ where: { id: "00000000-0000-4000-8000-0000000be7a0" }, data: { teamId: TEAMS.alpha.id, side: "offer" } });
    expect(await recount()).toEqual({ total: offers + 1, counted: true });
    await own.writer.indication.delete({ where: { id: "00000000-0000-4000-8000-0000000be7a0" } });
    expect(await recount()).toEqual({ total: offers, counted: true });
    expect(await recount()).toEqual({ total: offers, counted: false });
  });

  it("counts a team's whole list from the row count the triggers keep, exact through inserts, moves and deletes", async () => {
    const whole = async () => {
      statements.length = 0;
      const page = await list();
      expect(statements.some((text) => /count\(\*\)/i.test(text))).toBe(false);
      return page.total;
    };
    const [alpha, beta] = [ALPHA.length, indicationRows().filter((r) => r.teamId === TEAMS.beta.id).length];
    const betaTotal = async () => (await runPage(own.engine, indicationList(TEAMS.beta.id, query()))).total;
    expect(await whole()).toBe(alpha);
    const ids = ["00000000-0000-4000-8000-00000000c101", "00000000-0000-4000-8000-00000000c102"];
    await own.writer.indication.createMany({ data: ids.map((id, i) => ({ ...TEMPLATE, id, permalinkId: `count-${i}` })) });
    expect(await whole()).toBe(alpha + 2);
    await own.writer.indication.updateMany({ where: { id: ids[0] }, data: { teamId: TEAMS.beta.id } });
    expect(await whole()).toBe(alpha + 1);
    expect(await betaTotal()).toBe(beta + 1);
    await own.writer.indication.deleteMany({ where: { id: { in: ids } } });
    expect(await whole()).toBe(alpha);
    expect(await betaTotal()).toBe(beta);
  });

  it("versions a page by its team's counter and by the companies it names", async () => {
    const alphaList = indicationList(TEAMS.alpha.id, query());
    const before = await listVersion(own.engine, alphaList);
    expect((await runPage(own.engine, alphaList)).version).toBe(before);
    const company = await own.writer.company.findFirstOrThrow({ where: { id: TEMPLATE.issuerId } });
    await own.writer.company.update({ where: { id: company.id }, data: { name: `${company.name} ` } });
    const renamed = await listVersion(own.engine, alphaList);
    expect(renamed).not.toBe(before);
    await own.writer.company.update({ where: { id: company.id }, data: { name: company.name } });
    const restored = await listVersion(own.engine, alphaList);
    const betaRow = indicationRows().find((r) => r.teamId === TEAMS.beta.id)!;
    await own.writer.indication.update({ where: { id: betaRow.id }, data: { details: "beta again" } });
    expect(await listVersion(own.engine, alphaList)).toBe(restored);
  });

  it("answers a page past the end with the count, cached or not", async () => {
    const pastEnd = `page=${Math.ceil(ALPHA.length / 25) + 1}`;
    for (let i = 0; i < 2; i++) {
      const page = await list(pastEnd);
      expect(page.items).toEqual([]);
      expect(page.total).toBe(ALPHA.length);
    }
  });

  it("carries any text through the page's JSON unchanged", async () => {
    const id = "00000000-0000-4000-8000-0000000de7a1";
    const details = 'quote " backslash \\ newline \n tab \t control \u0001 emoji 😀 CJK 株式 RTL שלום </script>';
    await own.writer.indication.create({
      data: { ...TEMPLATE, id, permalinkId: "json-test", details, privateRecipients: JSON.stringify(['a"b@example.com']) },
    });
    const found = (await list(`issuer_id=${TEMPLATE.issuerId}&per_page=100`)).items.find((item) => item.id === id);
    expect(found?.details).toBe(details);
    expect(found?.private_recipients).toEqual(['a"b@example.com']);
    await own.writer.indication.delete({ where: { id } });
  });

  describe("page starts", () => {
    // Rows sharing every sort value with each other, so pages of 3 cut through runs of ties and
    // only the id tie-break tells where a page starts.
    const TIED = Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-0000000071e${i}`);

    beforeAll(async () => {
      const at = new Date(Date.UTC(2026, 5, 1, 12));
      await own.writer.indication.createMany({
        data: TIED.map((id, i) => ({ ...TEMPLATE, id, permalinkId: `tied-${i}`, createdAt: at, updatedAt: at })),
      });
    });

    afterAll(async () => {
      await own.writer.indication.deleteMany({ where: { id: { in: TIED } } });
    });

    const SORTS = ["-updated_at", "updated_at", "-price_per_share", "price_per_share", "volume", "-created_at", "opened_at", "-opened_at", "last_refreshed_at", "-last_refreshed_at"];

    it("reads every page from a cached start exactly as skipping rows would, in both directions of every sort", async () => {
      for (const sort of SORTS) {
        const pages = Math.ceil((ALPHA.length + TIED.length) / 3);
        const listCache = new ListCache();
        // Backwards first (each page learns where it starts), then forwards (each learns the next).
        const order = [...Array.from({ length: pages }, (_, i) => pages - i), ...Array.from({ length: pages }, (_, i) => i + 1)];
        for (const page of [...order, ...order]) {
          const params = `sort=${sort}&per_page=3&page=${page}`;
          const expected = await byOffset(params);
          statements.length = 0;
          const got = await list(params, listCache);
          expect(got.items.map((i) => i.id), `${params}`).toEqual(expected.items.map((i) => i.id));
          expect(got.total).toBe(expected.total);
        }
        // The second round trip over the pages started every page after the first from its start.
        statements.length = 0;
        await list(`sort=${sort}&per_page=3&page=${pages}`, listCache);
        expect(statements.length).toBe(1);
        expect(statements[0]).toMatch(/"t"\."id" >=? /);
      }
    });

    it("forgets a start once the table changes", async () => {
      const params = "per_page=3&page=4";
      await list(params);
      await list(params);
      const id = "00000000-0000-4000-8000-0000000057a1";
      const now = new Date(Date.UTC(2031, 0, 1));
      // Newest first: the new row shifts every page by one. Page 1 first, so the count is fresh
      // again and only the start of page 4 is stale.
      await own.writer.indication.create({ data: { ...TEMPLATE, id, permalinkId: "start-test", createdAt: now, updatedAt: now } });
      expect((await list("per_page=3")).items[0].id).toBe(id);
      expect((await list(params)).items.map((i) => i.id)).toEqual((await byOffset(params)).items.map((i) => i.id));
      await own.writer.indication.delete({ where: { id } });
      expect((await list(params)).items.map((i) => i.id)).toEqual((await byOffset(params)).items.map((i) => i.id));
    });
  });
});

describe("page size as a literal (one generic plan on PostgreSQL)", () => {
  const sqlOf = (params: string, start?: { value: string; id: string; inclusive: boolean }) =>
    pageSql(dialectOf("postgres"), indicationList(TEAMS.alpha.id, query(params)), { withCount: false, start }).text;

  it("writes LIMIT and OFFSET 0 into the statement for a first page with equality filters only", () => {
    expect(sqlOf("per_page=25")).toMatch(/limit 25 offset 0/i);
    expect(sqlOf("side=bid&issuer_id=00076b0d-23f7-430c-9068-287c22f1b614&per_page=7")).toMatch(/limit 7 offset 0/i);
    // A page that seeks from its cached start reads from offset 0 too.
    expect(sqlOf("page=40", { value: "2026-01-01T00:00:00.000Z", id: "x", inclusive: true })).toMatch(/limit 25 offset 0/i);
  });

  it("writes them for a range on the column the page is ordered by: its index serves any value", () => {
    expect(sqlOf("updated_since=2026-01-01T00:00:00Z")).toMatch(/limit 25 offset 0/i);
    expect(sqlOf("sort=-price_per_share&price_min=10&side=bid")).toMatch(/limit 25 offset 0/i);
  });

  it("keeps them parameters where the best plan depends on values, or the offset would vary", () => {
    const valueDependent = [
      "price_min=10",
      "volume_max=5",
      "created_after=2026-01-01T00:00:00Z",
      "sort=-price_per_share&updated_since=2026-01-01T00:00:00Z",
      "sort=-price_per_share&price_min=10&volume_max=5",
    ];
    for (const params of [...valueDependent, "page=3"]) {
      expect(sqlOf(params), params).toMatch(/limit \$\d+ offset \$\d+/i);
    }
    const companies = parseQuery(companyListParamsSchema, new URLSearchParams("q=north"));
    if (!companies.ok) throw companies.error;
    const search = pageSql(dialectOf("postgres"), companyList(companies.value), { withCount: false }).text;
    expect(search).toMatch(/limit \$\d+ offset \$\d+/i);
  });

  it("writes the page size into every SQLite page statement, and keeps the offset a parameter", () => {
    const sqlite = (params: string) => pageSql(dialectOf("sqlite"), indicationList(TEAMS.alpha.id, query(params)), { withCount: false });
    for (const params of ["per_page=7", "price_min=10&per_page=7", "page=3&per_page=7"]) {
      expect(sqlite(params).text, params).toMatch(/limit 7 offset [0?]/i);
    }
    const third = sqlite("page=3&per_page=7");
    expect(third.text).toMatch(/limit 7 offset \?/i);
    expect(third.values.at(-1)).toBe(14);
  });
});
