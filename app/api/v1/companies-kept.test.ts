import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companySearchText } from "@/lib/companies/search";
import { createDb, type Db } from "@/lib/db/client";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { companyRows } from "@/lib/testing/fixtures/stored";
import { callRoute } from "@/lib/testing/http";
import { GET as listCompanies } from "./companies/route";

/**
 * The directory keeps the pages it answered (lib/http/list-response.ts, keepAnswers): a kept page
 * must never outlive a write of a company, whichever connection or process made it. The app's
 * client points at a fixture database of this file's own (as in database-busy.test.ts), and the
 * writes come from a second client, as another process's would.
 */

const own = withAppOnOwnDatabase();
let writer: Db;

beforeAll(() => {
  writer = createDb(own.database.url);
});

afterAll(async () => {
  await writer?.$disconnect();
});

async function names(query: string): Promise<string[]> {
  const result = await callRoute(listCompanies, `/api/v1/companies?${query}`, { key: SECRETS.alphaBroker });
  expect(result.status, result.text).toBe(200);
  return (result.body as { companies: { name: string }[] }).companies.map((c) => c.name);
}

describe("GET /companies, kept between requests", () => {
  it("answers a company's insert, rename and delete on the next request", async () => {
    const id = "00000000-0000-4000-8000-00000000f77a";
    const write = (name: string) => ({ name, legalName: name, searchText: companySearchText(name, name) });
    // Each read twice: the second is the kept page.
    expect(await names("q=zorblat")).toEqual([]);
    expect(await names("q=zorblat")).toEqual([]);
    await writer.company.create({ data: { ...companyRows()[0], id, ...write("Zorblat Aerospace") } });
    expect(await names("q=zorblat")).toEqual(["Zorblat Aerospace"]);
    expect(await names("q=zorblat")).toEqual(["Zorblat Aerospace"]);
    await writer.company.update({ where: { id }, data: write("Zorblat Orbital") });
    expect(await names("q=zorblat")).toEqual(["Zorblat Orbital"]);
    await writer.company.delete({ where: { id } });
    expect(await names("q=zorblat")).toEqual([]);
  });
});
