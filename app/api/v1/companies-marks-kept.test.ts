import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getEngine } from "@/lib/db/client";
import { keepCurrentMarks } from "@/lib/marks/current";
import { fromStoredDecimal } from "@/lib/domain/decimal";
import { DAY_MS } from "@/lib/domain/days";
import { rebuildMarks } from "@/lib/marks/rebuild";
import { runMarksPass } from "@/lib/marks/updater";
import { ratioOf } from "@/lib/companies/mark-columns";
import { utcToday } from "@/lib/market/summary";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { callRoute } from "@/lib/testing/http";
import { newVerifier } from "@/lib/testing/members";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { GET as listCompanies } from "./companies/route";
import { GET as markOf } from "./companies/[company_id]/mark/route";
import { POST as recordTrade } from "./my/trades/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";

/**
 * The mark columns the directory sorts by (lib/marks/current.ts) are kept current by whatever
 * writes a company's current mark: the rebuild, the updater after a write and at the day's roll.
 * A sort by mark then moves a company as soon as its mark moves. Real route handlers, on a
 * database of the file's own.
 */

const own = withAppOnOwnDatabase();
const KEY = SECRETS.alphaBroker;

async function byMark(sort = "-mark"): Promise<string[]> {
  const result = await callRoute(listCompanies, `/api/v1/companies?sort=${sort}&per_page=100`, { key: KEY });
  expect(result.status, result.text).toBe(200);
  return (result.body as { companies: { id: string }[] }).companies.map((c) => c.id);
}

async function markPrice(id: string): Promise<string | null> {
  const result = await callRoute(markOf, `/api/v1/companies/${id}/mark`, { key: KEY });
  expect(result.status, result.text).toBe(200);
  return (result.body as { mark: { price_per_share: string } | null }).mark?.price_per_share ?? null;
}

/** Each company's mark columns as stored, and its marks today and 30 days before. */
async function columnsAndMarks(day: string) {
  const then = new Date(Date.parse(day) - 30 * DAY_MS).toISOString().slice(0, 10);
  const companies = await getDb().company.findMany({ select: { id: true, markPrice: true, markRatio30d: true } });
  const marks = await getDb().mark.findMany({ where: { date: { in: [day, then] } }, select: { companyId: true, date: true, pricePerShare: true } });
  const price = (id: string, date: string) => marks.find((m) => m.companyId === id && m.date === date)?.pricePerShare ?? null;
  return companies.map((c) => ({
    stored: [c.markPrice, c.markRatio30d],
    wanted: [price(c.id, day), price(c.id, day) === null ? null : ratioOf(price(c.id, day)!, price(c.id, then))],
  }));
}

let verifier: string;

beforeAll(async () => {
  await rebuildMarks(getDb(), own.database.url);
  verifier = await newVerifier("Directory marks");
}, 60_000);

describe("the directory's mark columns", () => {
  it("are the rebuild's current marks and 30-day changes, every company's", async () => {
    const rows = await columnsAndMarks(utcToday());
    expect(rows.filter((r) => r.stored[0] !== null).length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.stored[1] !== null).length).toBeGreaterThan(0);
    for (const r of rows) expect(r.stored).toEqual(r.wanted);
  });

  it("are set right by the next rebuild, the columns of a company without a mark emptied", async () => {
    const [without, marked] = [
      await getDb().company.findFirstOrThrow({ where: { markPrice: null } }),
      await getDb().company.findFirstOrThrow({ where: { markPrice: { not: null } } }),
    ];
    await getDb().company.update({ where: { id: without.id }, data: { markPrice: "000000000000000001.00000000", markRatio30d: "000000000000000001.00000000" } });
    await getDb().company.update({ where: { id: marked.id }, data: { markPrice: "000000000000000002.00000000", markRatio30d: null } });
    await rebuildMarks(getDb(), own.database.url);
    for (const r of await columnsAndMarks(utcToday())) expect(r.stored).toEqual(r.wanted);
    expect((await getDb().company.findUniqueOrThrow({ where: { id: without.id } })).markPrice).toBeNull();
  }, 60_000);

  it("move a company in the sort by mark once the updater wrote its new mark, and touch no `companies` counter", async () => {
    const order = await byMark();
    const rows = await getDb().company.findMany({ where: { markPrice: { not: null } }, orderBy: [{ markPrice: "desc" }, { id: "asc" }] });
    expect(rows.map((r) => r.id)).toEqual(order.slice(0, rows.length));
    // A company whose next higher mark is within 2 % of its own: trades 50 % above it take it past that one.
    const at = rows.findIndex((r, i) => i > 0 && Number(rows[i - 1].markPrice) / Number(r.markPrice) < 1.02);
    expect(at).toBeGreaterThan(0);
    const marked = rows[at];
    const before = Number(await markPrice(marked.id));
    const companies = (await getDb().tableVersion.findUniqueOrThrow({ where: { name: "companies" } })).version;
    const trade = {
      issuer_id: marked.id, price_per_share: (before * 1.5).toFixed(2), volume: "5000000", structure: "direct", stock_type: "secondary",
      stock_class_type: "preferred", sign_date: utcToday(), won_date: utcToday(), verification_officer_name: "Dana Officer", verification_officer_email: "dana@bank.example",
    };
    for (let i = 0; i < 3; i++) {
      const recorded = await callRoute(recordTrade, "/api/v1/my/trades", { key: KEY, body: trade });
      expect(recorded.status, recorded.text).toBe(201);
      // The marks read the tape: verified trades.
      const verified = await callRoute(verifyTrade, `/api/v1/ops/trades/${(recorded.body as { id: string }).id}/verify`, { key: verifier, method: "POST" });
      expect(verified.status, verified.text).toBe(200);
    }
    // Before the updater runs, the sort is the marks' as they stand.
    expect(await byMark()).toEqual(order);
    expect(await runMarksPass()).toBeGreaterThan(0);
    const moved = await markPrice(marked.id);
    expect(Number(moved)).toBeGreaterThan(Number(fromStoredDecimal(rows[at - 1].markPrice!)));
    const after = await byMark();
    expect(after.indexOf(marked.id)).toBeLessThan(at);
    expect(after.filter((id) => id !== marked.id)).toEqual(order.filter((id) => id !== marked.id));
    const row = await getDb().company.findUniqueOrThrow({ where: { id: marked.id } });
    expect(fromStoredDecimal(row.markPrice!)).toBe(moved);
    for (const r of await columnsAndMarks(utcToday())) expect(r.stored).toEqual(r.wanted);
    expect((await getDb().tableVersion.findUniqueOrThrow({ where: { name: "companies" } })).version).toBe(companies);
    // Filters follow as well.
    const exactly = await callRoute(listCompanies, `/api/v1/companies?mark_min=${moved}&mark_max=${moved}`, { key: KEY });
    expect((exactly.body as { companies: { id: string }[] }).companies.map((c) => c.id)).toContain(marked.id);
  });

  it("are every company's new day's at the day's roll (the 30-day change measured from 30 days before the new day)", async () => {
    const tomorrow = new Date(Date.now() + DAY_MS);
    await runMarksPass(tomorrow);
    const day = utcToday(tomorrow);
    const rows = await columnsAndMarks(day);
    expect(rows.filter((r) => r.stored[0] !== null).length).toBeGreaterThan(5);
    for (const r of rows) expect(r.stored).toEqual(r.wanted);
  });

  it("write nothing, and bump no counter, when no company's mark changed", async () => {
    const marks = (await getDb().tableVersion.findUniqueOrThrow({ where: { name: "company_marks" } })).version;
    expect(await keepCurrentMarks({ run: getEngine().run, tx: getDb() }, getEngine().dialect, utcToday(new Date(Date.now() + DAY_MS)))).toBe(0);
    expect((await getDb().tableVersion.findUniqueOrThrow({ where: { name: "company_marks" } })).version).toBe(marks);
  });
});
