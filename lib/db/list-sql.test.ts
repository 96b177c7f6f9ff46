import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toStoredDecimal } from "@/lib/domain/decimal";
import { parseCompanyListParams } from "@/lib/companies/schema";
import { companySearchTerm, companySearchText } from "@/lib/companies/search";
import { parseIndicationListParams, type Indication, type IndicationListQuery } from "@/lib/indications/schema";
import { createFixtureDatabase } from "@/lib/testing/database";
import { TEAMS, companyRows, indicationRows, teamIndications } from "@/lib/testing/fixtures";
import { createDb, sqlRunner, type Db } from "./client";
import { companyPageInput, indicationPageInput, ListCache, pageSql, runPage } from "./list-sql";

/**
 * The page statement and its count cache, on a database of their own (rows are written here, so
 * the shared fixture database of the endpoint tests is left alone). A cached count must never
 * outlive a write, whichever connection made it.
 */

let database: Awaited<ReturnType<typeof createFixtureDatabase>>;
let writer: Db;
const cache = new ListCache();

const ALPHA = teamIndications("alpha");
const TEMPLATE = indicationRows(toStoredDecimal).find((r) => r.teamId === TEAMS.alpha.id && r.side === "offer")!;

function query(params = ""): IndicationListQuery {
  const parsed = parseIndicationListParams(new URLSearchParams(params));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

/** Statements run through `list`, to see which ones started from a cached page start. */
const statements: string[] = [];

async function list(params = "", listCache = cache) {
  const run = sqlRunner(database.db);
  const recording: typeof run = (sql) => (statements.push(sql.text), run(sql));
  const page = await runPage(recording, listCache, indicationPageInput(database.kind, TEAMS.alpha.id, query(params)));
  return { total: page.total, items: JSON.parse(page.itemsJson) as Indication[] };
}

/** The same page read by skipping rows (a new cache knows no page start): the reference. */
const byOffset = (params: string) => list(params, new ListCache());

beforeAll(async () => {
  database = await createFixtureDatabase(process.env.TEST_DATABASE_URL);
  // A second client, as another process would write: only the database can tell the reader.
  writer = createDb(database.url);
});

afterAll(async () => {
  await writer?.$disconnect();
  await database?.db.$disconnect();
  await database?.drop();
});

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
    await writer.indication.create({ data: { ...TEMPLATE, id, permalinkId: "cache-test", createdAt: now, updatedAt: now } });
    const inserted = await list();
    expect(inserted.total).toBe(ALPHA.length + 1);
    expect(inserted.items[0].id).toBe(id);
    expect((await list("side=bid")).total).toBe(bids);

    await writer.indication.update({ where: { id }, data: { side: "bid", structure: null } });
    expect((await list("side=bid")).total).toBe(bids + 1);

    await writer.indication.delete({ where: { id } });
    expect((await list()).total).toBe(ALPHA.length);
    expect((await list("side=bid")).total).toBe(bids);
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
    await writer.indication.create({
      data: { ...TEMPLATE, id, permalinkId: "json-test", details, privateRecipients: JSON.stringify(['a"b@example.com']) },
    });
    const found = (await list(`issuer_id=${TEMPLATE.issuerId}&per_page=100`)).items.find((item) => item.id === id);
    expect(found?.details).toBe(details);
    expect(found?.private_recipients).toEqual(['a"b@example.com']);
    await writer.indication.delete({ where: { id } });
  });

  describe("page starts", () => {
    // Rows sharing every sort value with each other, so pages of 3 cut through runs of ties and
    // only the id tie-break tells where a page starts.
    const TIED = Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-0000000071e${i}`);

    beforeAll(async () => {
      const at = new Date(Date.UTC(2026, 5, 1, 12));
      await writer.indication.createMany({
        data: TIED.map((id, i) => ({ ...TEMPLATE, id, permalinkId: `tied-${i}`, createdAt: at, updatedAt: at })),
      });
    });

    afterAll(async () => {
      await writer.indication.deleteMany({ where: { id: { in: TIED } } });
    });

    const SORTS = ["-updated_at", "updated_at", "-price_per_share", "price_per_share", "volume", "-created_at"];

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
        expect(statements[0]).toMatch(/t\.id >=? /);
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
      await writer.indication.create({ data: { ...TEMPLATE, id, permalinkId: "start-test", createdAt: now, updatedAt: now } });
      expect((await list("per_page=3")).items[0].id).toBe(id);
      expect((await list(params)).items.map((i) => i.id)).toEqual((await byOffset(params)).items.map((i) => i.id));
      await writer.indication.delete({ where: { id } });
      expect((await list(params)).items.map((i) => i.id)).toEqual((await byOffset(params)).items.map((i) => i.id));
    });
  });

  describe("company search index", () => {
    async function search(q: string): Promise<string[]> {
      const parsed = parseCompanyListParams(new URLSearchParams({ q, per_page: "100" }));
      if (!parsed.ok) throw parsed.error;
      const input = companyPageInput(database.kind, parsed.value, companySearchTerm(q));
      const page = await runPage(sqlRunner(database.db), cache, input);
      return (JSON.parse(page.itemsJson) as { id: string }[]).map((c) => c.id);
    }

    it("follows every insert, rename and delete of a company, for long and short terms", async () => {
      const id = "00000000-0000-4000-8000-00000000f75a";
      const name = "Qwyxzo Robotics";
      const legalName = "Qwyxzo Robotics, Inc.";
      await writer.company.create({ data: { ...companyRows()[0], id, name, legalName, searchText: companySearchText(name, legalName) } });
      expect(await search("qwyxzo")).toEqual([id]);
      expect(await search("yx")).toContain(id);

      const renamed = "Vexqorp Robotics";
      await writer.company.update({ where: { id }, data: { name: renamed, legalName: renamed, searchText: companySearchText(renamed, renamed) } });
      expect(await search("qwyxzo")).toEqual([]);
      expect(await search("vexqorp")).toEqual([id]);

      await writer.company.delete({ where: { id } });
      expect(await search("vexqorp")).toEqual([]);
    });

    // SQLite only: PostgreSQL has no INSERT OR REPLACE, and its trigram index is a plain index.
    it.skipIf(Boolean(process.env.TEST_DATABASE_URL))("stays in step through INSERT OR REPLACE, which skips the delete trigger", async () => {
      const id = "00000000-0000-4000-8000-00000000f75c";
      const create = (rowId: string, name: string) =>
        writer.company.create({ data: { ...companyRows()[0], id: rowId, name, legalName: name, searchText: companySearchText(name, name) } });
      await create(id, "Plorvex One");
      await writer.$executeRawUnsafe(
        `INSERT OR REPLACE INTO companies (id, name, legal_name, search_text, country, region, url, platform_url, description, logo_color, lead_investors) ` +
          `SELECT id, ?, ?, ?, country, region, url, platform_url, description, logo_color, lead_investors FROM companies WHERE id = ?`,
        "Plorvex Two",
        "Plorvex Two",
        companySearchText("Plorvex Two", "Plorvex Two"),
        id,
      );
      expect(await search("plorvex one")).toEqual([]);
      expect(await search("plorvex two")).toEqual([id]);
      // The next company takes the highest key again: nothing the replaced row left may hold it.
      await writer.company.delete({ where: { id } });
      const next = "00000000-0000-4000-8000-00000000f75d";
      await create(next, "Plorvex Three");
      expect(await search("plorvex")).toEqual([next]);
      await writer.$executeRawUnsafe(`INSERT INTO companies_search (companies_search) VALUES ('integrity-check')`);
      await writer.company.delete({ where: { id: next } });
    });

    it("matches the term exactly where the trigram index folds more letters than the term's own case", async () => {
      // "ſ" (long s) is already lower case, and FTS5 folds it to "s": the index offers this
      // company for "southwind", and the substring test must turn it down.
      const id = "00000000-0000-4000-8000-00000000f75b";
      const name = "ſouthwind Labs";
      await writer.company.create({ data: { ...companyRows()[0], id, name, legalName: name, searchText: companySearchText(name, name) } });
      expect(await search("southwind")).toEqual([]);
      expect(await search("ſouthwind")).toEqual([id]);
      expect(await search("ſOUTHWIND")).toEqual([id]);
      await writer.company.delete({ where: { id } });
    });

    it("finds the same companies through the index as by reading names, whichever the count chooses", async () => {
      let found = 0;
      // Also what FTS5 reads as query syntax, and letters whose case only the trigram index folds.
      for (const q of ["acme", "robotics", "inc", "søren", "SØREN", "100%", "o'brien", "zz", 'say "hi"', 'o"b', "a*b", "NOT inc", "^ac", "s:1", "(inc)"]) {
        const parsed = parseCompanyListParams(new URLSearchParams({ q, per_page: "100" }));
        if (!parsed.ok) throw parsed.error;
        const input = { ...companyPageInput(database.kind, parsed.value, companySearchTerm(q)), withCount: true };
        const read = async (knownCount: number | undefined) => {
          const sql = pageSql({ ...input, knownCount });
          const [row] = await sqlRunner(database.db)<{ __items: string; __n: unknown }>(sql);
          return { sql: sql.text, items: row.__items, count: Number(row.__n) };
        };
        const byIndex = await read(undefined); // an unknown count takes the index
        const byNames = await read(1_000_000); // a huge one reads names in order
        expect(byIndex.items, q).toBe(byNames.items);
        expect(byIndex.count, q).toBe(byNames.count);
        if (byIndex.count > 0) found++;
        // Terms of three or more characters really took two plans.
        if ([...q].length >= 3) expect(byIndex.sql).not.toBe(byNames.sql);
        else expect(byIndex.sql).toBe(byNames.sql);
      }
      expect(found).toBeGreaterThanOrEqual(4);
    });
  });
});

describe("page size as a literal (one generic plan on PostgreSQL)", () => {
  const sqlOf = (params: string, start?: { value: string; id: string; inclusive: boolean }) =>
    pageSql({ ...indicationPageInput("postgres", TEAMS.alpha.id, query(params)), withCount: false, start }).text;

  it("writes LIMIT and OFFSET 0 into the statement for a first page with equality filters only", () => {
    expect(sqlOf("per_page=25")).toContain("LIMIT 25 OFFSET 0");
    expect(sqlOf("side=bid&issuer_id=00076b0d-23f7-430c-9068-287c22f1b614&per_page=7")).toContain("LIMIT 7 OFFSET 0");
    // A page that seeks from its cached start reads from offset 0 too.
    expect(sqlOf("page=40", { value: "2026-01-01T00:00:00.000Z", id: "x", inclusive: true })).toContain("LIMIT 25 OFFSET 0");
  });

  it("keeps them parameters where the best plan depends on values, or the offset would vary", () => {
    for (const params of ["price_min=10", "volume_max=5", "created_after=2026-01-01T00:00:00Z", "updated_since=2026-01-01T00:00:00Z", "page=3"]) {
      expect(sqlOf(params), params).toMatch(/LIMIT \$\d+ OFFSET \$\d+/);
    }
    const companies = parseCompanyListParams(new URLSearchParams("q=north"));
    if (!companies.ok) throw companies.error;
    const search = pageSql({ ...companyPageInput("postgres", companies.value, "north"), withCount: false }).text;
    expect(search).toMatch(/LIMIT \$\d+ OFFSET \$\d+/);
  });

  it("writes the page size into every SQLite page statement, and keeps the offset a parameter", () => {
    const sqlite = (params: string) => pageSql({ ...indicationPageInput("sqlite", TEAMS.alpha.id, query(params)), withCount: false });
    for (const params of ["per_page=7", "price_min=10&per_page=7", "page=3&per_page=7"]) {
      expect(sqlite(params).text, params).toMatch(/LIMIT 7 OFFSET [0?]/);
    }
    const third = sqlite("page=3&per_page=7");
    expect(third.text).toContain("LIMIT 7 OFFSET ?");
    expect(third.values.at(-1)).toBe(14);
  });
});
