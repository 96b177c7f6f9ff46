import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toStoredDecimal } from "@/lib/domain/decimal";
import { parseIndicationListParams, type Indication, type IndicationListQuery } from "@/lib/indications/schema";
import { createFixtureDatabase } from "@/lib/testing/database";
import { TEAMS, indicationRows, teamIndications } from "@/lib/testing/fixtures";
import { createDb, sqlRunner, type Db } from "./client";
import { CountCache, indicationPageInput, runPage } from "./list-sql";

/**
 * The page statement and its count cache, on a database of their own (rows are written here, so
 * the shared fixture database of the endpoint tests is left alone). A cached count must never
 * outlive a write, whichever connection made it.
 */

let database: Awaited<ReturnType<typeof createFixtureDatabase>>;
let writer: Db;
const cache = new CountCache();

const ALPHA = teamIndications("alpha");
const TEMPLATE = indicationRows(toStoredDecimal).find((r) => r.teamId === TEAMS.alpha.id && r.side === "offer")!;

function query(params = ""): IndicationListQuery {
  const parsed = parseIndicationListParams(new URLSearchParams(params));
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

async function list(params = "") {
  const page = await runPage(sqlRunner(database.db), cache, indicationPageInput(database.kind, TEAMS.alpha.id, query(params)));
  return { total: page.total, items: JSON.parse(page.itemsJson) as Indication[] };
}

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

});
