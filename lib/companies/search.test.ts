import { describe, expect, it } from "vitest";
import { runPage } from "@/lib/db/page";
import { pageSql } from "@/lib/db/page-sql";
import { companyRows } from "@/lib/testing/fixtures/stored";
import { withOwnDatabase } from "@/lib/testing/own-database";
import { companyList } from "./queries";
import { companyListParamsSchema } from "./schema";
import { companySearchText } from "./search";
import { parseQuery } from "@/lib/schema/params";

/**
 * The company search and its trigram index (lib/companies/search.ts): the index must follow every
 * write, whichever connection made it, and never change the matches.
 */

const own = withOwnDatabase();

describe("company search", () => {
  async function search(q: string): Promise<string[]> {
    const parsed = parseQuery(companyListParamsSchema, new URLSearchParams({ q, per_page: "100" }));
    if (!parsed.ok) throw parsed.error;
    const page = await runPage(own.engine, companyList(parsed.value));
    return (JSON.parse(page.itemsJson) as { id: string }[]).map((c) => c.id);
  }

  it("follows every insert, rename and delete of a company, for long and short terms", async () => {
    const id = "00000000-0000-4000-8000-00000000f75a";
    const name = "Qwyxzo Robotics";
    const legalName = "Qwyxzo Robotics, Inc.";
    await own.writer.company.create({ data: { ...companyRows()[0], id, name, legalName, searchText: companySearchText(name, legalName) } });
    expect(await search("qwyxzo")).toEqual([id]);
    expect(await search("yx")).toContain(id);

    const renamed = "Vexqorp Robotics";
    await own.writer.company.update({ where: { id }, data: { name: renamed, legalName: renamed, searchText: companySearchText(renamed, renamed) } });
    expect(await search("qwyxzo")).toEqual([]);
    expect(await search("vexqorp")).toEqual([id]);

    await own.writer.company.delete({ where: { id } });
    expect(await search("vexqorp")).toEqual([]);
  });

  // SQLite only: PostgreSQL has no INSERT OR REPLACE, and its trigram index is a plain index.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))("stays in step through INSERT OR REPLACE, which skips the delete trigger", async () => {
    const id = "00000000-0000-4000-8000-00000000f75c";
    const create = (rowId: string, name: string) =>
      own.writer.company.create({ data: { ...companyRows()[0], id: rowId, name, legalName: name, searchText: companySearchText(name, name) } });
    await create(id, "Plorvex One");
    await own.writer.$executeRawUnsafe(
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
    await own.writer.company.delete({ where: { id } });
    const next = "00000000-0000-4000-8000-00000000f75d";
    await create(next, "Plorvex Three");
    expect(await search("plorvex")).toEqual([next]);
    await own.writer.$executeRawUnsafe(`INSERT INTO companies_search (companies_search) VALUES ('integrity-check')`);
    await own.writer.company.delete({ where: { id: next } });
  });

  it("matches the term exactly where the trigram index folds more letters than the term's own case", async () => {
    // "ſ" (long s) is already lower case, and FTS5 folds it to "s": the index offers this
    // company for "southwind", and the substring test must turn it down.
    const id = "00000000-0000-4000-8000-00000000f75b";
    const name = "ſouthwind Labs";
    await own.writer.company.create({ data: { ...companyRows()[0], id, name, legalName: name, searchText: companySearchText(name, name) } });
    expect(await search("southwind")).toEqual([]);
    expect(await search("ſouthwind")).toEqual([id]);
    expect(await search("ſOUTHWIND")).toEqual([id]);
    await own.writer.company.delete({ where: { id } });
  });

  it("finds the same companies through the index as by reading names, whichever the count chooses", async () => {
    let found = 0;
    // Also what FTS5 reads as query syntax, and letters whose case only the trigram index folds.
    for (const q of ["acme", "robotics", "inc", "søren", "SØREN", "100%", "o'brien", "zz", 'say "hi"', 'o"b', "a*b", "NOT inc", "^ac", "s:1", "(inc)"]) {
      const parsed = parseQuery(companyListParamsSchema, new URLSearchParams({ q, per_page: "100" }));
      if (!parsed.ok) throw parsed.error;
      const list = companyList(parsed.value);
      const read = async (knownCount: number | undefined) => {
        const sql = pageSql(own.engine.dialect, list, { withCount: true, knownCount });
        const [row] = await own.engine.run<{ __items: string; __n: unknown }>(sql);
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
