import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, getEngine, type Db } from "@/lib/db/client";
import { dayDate, dayNumber } from "@/lib/domain/days";
import { startMarksLoop } from "@/lib/marks/loop";
import { companyHistory } from "@/lib/marks/history";
import { companyInputs } from "@/lib/marks/inputs";
import { DEFAULT_PARAMS } from "@/lib/marks/params";
import { rebuildMarks } from "@/lib/marks/rebuild";
import { companyMarkSchema, companyMarksSchema, dayMarkListSchema, type CompanyMark, type DayMark } from "@/lib/marks/schema";
import { storedFactors } from "@/lib/marks/store";
import { MARKS_OWNER, runMarksPass } from "@/lib/marks/updater";
import { utcToday } from "@/lib/market/summary";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { TRADES } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError } from "@/lib/testing/http";
import { newVerifier } from "@/lib/testing/members";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { GET as markOf } from "./companies/[company_id]/mark/route";
import { GET as marksOf } from "./companies/[company_id]/marks/route";
import { GET as dayMarks } from "./marks/route";
import { POST as createIndication } from "./my/indications/route";
import { POST as createTrade } from "./my/trades/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";

/**
 * The marks (issue 46) through the real route handlers, on a database of the file's own: rebuilt
 * from the fixture rows, then kept up to date by the updater after writes.
 */

const own = withAppOnOwnDatabase();
const KEY = SECRETS.alphaBroker;
// The fixture company with the most verified trades: a settled mark.
const COMPANY_ID = (() => {
  const counts = new Map<string, number>();
  for (const t of TRADES) if (t.isVerified) counts.set(t.issuerId, (counts.get(t.issuerId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
})();
const markPath = (id = COMPANY_ID) => `/api/v1/companies/${id}/mark`;
const seriesPath = (query = "", id = COMPANY_ID) => `/api/v1/companies/${id}/marks${query}`;
let verifier: string;

/** The company's entry in GET /marks (today's), read through every page. */
async function dayEntry(): Promise<{ price_per_share: string } | undefined> {
  const result = await callRoute(dayMarks, "/api/v1/marks?per_page=100", { key: KEY });
  expect(result.status, result.text).toBe(200);
  return (result.body as { marks: { company: { id: string }; price_per_share: string }[] }).marks.find((m) => m.company.id === COMPANY_ID);
}

async function currentMark(): Promise<NonNullable<CompanyMark["mark"]>> {
  const result = await callRoute(markOf, markPath(), { key: KEY });
  expect(result.status, result.text).toBe(200);
  return companyMarkSchema.parse(result.body).mark!;
}

/** Today's marks as GET /marks serves them, every page. */
async function dayList(): Promise<DayMark[]> {
  const marks: DayMark[] = [];
  for (let query = "?per_page=100"; ; ) {
    const result = await callRoute(dayMarks, `/api/v1/marks${query}`, { key: KEY });
    expect(result.status, result.text).toBe(200);
    const page = dayMarkListSchema.parse(result.body);
    marks.push(...page.marks);
    if (!page.next_cursor) return marks;
    query = `?per_page=100&cursor=${page.next_cursor}`;
  }
}

/**
 * Every company's trades_180d today, stored, served by GET /marks and (for COMPANY_ID) by its
 * GET /mark, beside what it must be: the verified trades (the marks' tape) signed in the 180 days
 * ending today, counted from the trades table.
 */
async function tradeCounts() {
  const today = utcToday();
  const from = dayDate(dayNumber(today) - DEFAULT_PARAMS.windowDays + 1);
  const trades = await getDb().trade.findMany({ where: { isVerified: true, signDate: { gte: from, lte: today } }, select: { issuerId: true } });
  const stored = await getDb().mark.findMany({ where: { date: today }, select: { companyId: true, trades180d: true, dataPoints180d: true } });
  const expected = Object.fromEntries(stored.map((m) => [m.companyId, 0]));
  for (const t of trades) expected[t.issuerId]++;
  return {
    expected,
    stored: Object.fromEntries(stored.map((m) => [m.companyId, m.trades180d])),
    served: Object.fromEntries((await dayList()).map((m) => [m.company.id, m.trades_180d])),
    quotes: stored.map((m) => m.dataPoints180d - m.trades180d),
    company: (await currentMark()).trades_180d,
  };
}

/** Records a trade of COMPANY_ID signed today at `price` (unverified: its team's). */
async function recordTrade(price: string): Promise<string> {
  const trade = {
    issuer_id: COMPANY_ID, price_per_share: price, volume: "5000000", structure: "direct", stock_type: "secondary", stock_class_type: "preferred",
    sign_date: utcToday(), won_date: utcToday(), verification_officer_name: "Dana Officer", verification_officer_email: "dana@bank.example",
  };
  const recorded = await callRoute(createTrade, "/api/v1/my/trades", { key: KEY, body: trade });
  expect(recorded.status, recorded.text).toBe(201);
  return (recorded.body as { id: string }).id;
}

async function verify(id: string): Promise<void> {
  const verified = await callRoute(verifyTrade, `/api/v1/ops/trades/${id}/verify`, { key: verifier, method: "POST" });
  expect(verified.status, verified.text).toBe(200);
}

const OFFER = { side: "offer", price_per_share: "12.50", volume: "5000", structure: "direct", visibility: "order_book_public", stock_type: "secondary", stock_class_type: "common" };

beforeAll(async () => {
  await rebuildMarks(getDb(), own.database.url);
  verifier = await newVerifier("Marks");
}, 60_000);

describe("GET /companies/{company_id}/mark and /marks", () => {
  it("answers today's mark, and the series oldest first ending at it", async () => {
    const mark = await currentMark();
    expect(mark.date).toBe(utcToday());
    expect(Number(mark.low)).toBeLessThanOrEqual(Number(mark.price_per_share));
    expect(Number(mark.high)).toBeGreaterThanOrEqual(Number(mark.price_per_share));
    const result = await callRoute(marksOf, seriesPath(), { key: KEY });
    expect(result.status, result.text).toBe(200);
    const { company, marks } = companyMarksSchema.parse(result.body);
    expect(company.id).toBe(COMPANY_ID);
    expect(marks.map((m) => m.date)).toEqual([...marks.map((m) => m.date)].sort());
    expect(marks.at(-1)).toEqual({ date: mark.date, price_per_share: mark.price_per_share, low: mark.low, high: mark.high, method: mark.method });
    const window = await callRoute(marksOf, seriesPath(`?from=${marks[10].date}&to=${marks[19].date}`), { key: KEY });
    expect(companyMarksSchema.parse(window.body).marks).toEqual(marks.slice(10, 20));
  });

  it("answers 304 to the ETag it gave while nothing changed", async () => {
    for (const [handler, path] of [[markOf, markPath()], [marksOf, seriesPath()]] as const) {
      const first = await callRoute(handler, path, { key: KEY });
      const etag = first.headers.get("etag")!;
      expect(etag).toBeTruthy();
      const again = await callRoute(handler, path, { key: KEY, headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
    }
  });

  it("refuses a caller without `companies` (403), an unknown company (404), bad and reversed dates (400 naming the parameter)", async () => {
    expectError(await callRoute(markOf, markPath(), { key: SECRETS.alphaViewer }), "forbidden");
    expectError(await callRoute(marksOf, seriesPath(), { key: SECRETS.alphaViewer }), "forbidden");
    expect((await callRoute(markOf, markPath(randomUUID()), { key: KEY })).status).toBe(404);
    expect((await callRoute(marksOf, seriesPath("", randomUUID()), { key: KEY })).status).toBe(404);
    expectError(await callRoute(marksOf, seriesPath("?from=2026-02-30"), { key: KEY }), "invalid_parameter", "from");
    expectError(await callRoute(marksOf, seriesPath("?to=yesterday"), { key: KEY }), "invalid_parameter", "to");
    expectError(await callRoute(marksOf, seriesPath("?from=2026-03-02&to=2026-03-01"), { key: KEY }), "invalid_parameter", "from");
    expectError(await callRoute(marksOf, seriesPath("?since=2026-03-01"), { key: KEY }), "unknown_parameter", "since");
  });

  it("stores and serves trades_180d after the rebuild: each company's verified trades signed in the 180 days", async () => {
    const counts = await tradeCounts();
    // The fixture has verified trades in the window (sign dates 2026-07-04, 2026-11-25).
    expect(Object.values(counts.expected).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(counts.stored).toEqual(counts.expected);
    expect(counts.served).toEqual(counts.expected);
    expect(counts.company).toBe(counts.expected[COMPANY_ID]);
    expect(counts.quotes.every((q) => q >= 0)).toBe(true);
  });
});

describe("keeping the mark up to date", () => {
  it("never moves the mark for a private order, even a bid at 1,000 times it", async () => {
    const before = await currentMark();
    const bid = {
      issuer_id: COMPANY_ID, side: "bid", price_per_share: String(Math.round(Number(before.price_per_share) * 1000)), volume: "5000000",
      acceptable_structures: ["direct"], visibility: "private", private_recipients: ["someone@beta.example"], stock_type: "secondary", stock_class_type: "preferred",
    };
    const created = await callRoute(createIndication, "/api/v1/my/indications", { key: KEY, body: bid });
    expect(created.status, created.text).toBe(201);
    expect(await runMarksPass()).toBeGreaterThan(0);
    expect(await currentMark()).toEqual(before);
  });

  it("runs one statement in a pass with nothing new (the loop's every 250 ms on every instance)", async () => {
    await runMarksPass();
    let used = 0;
    // Every use of the ORM's client counted: a model's delegate, or a raw statement.
    const counting = new Proxy(getDb(), { get: (target, name, receiver) => (used++, Reflect.get(target, name, receiver)) }) as Db;
    const run = vi.spyOn(getEngine(), "run");
    try {
      expect(await runMarksPass(new Date(Date.now() + 100), MARKS_OWNER, counting)).toBe(0);
      expect({ orm: used, statements: run.mock.calls.length }).toEqual({ orm: 0, statements: 1 });
    } finally {
      run.mockRestore();
    }
  });

  it("gives waiting work a turn before each company it recomputes from its history (SQLite's reads block the thread)", async () => {
    await runMarksPass();
    const companies = [...new Set(TRADES.map((t) => t.issuerId))].slice(0, 4);
    for (const issuer_id of companies) {
      // A private order's write recomputes its company (its state never knew the order), as a trade's does.
      const offer = { ...OFFER, issuer_id, visibility: "private", private_recipients: ["someone@beta.example"] };
      const created = await callRoute(createIndication, "/api/v1/my/indications", { key: KEY, body: offer });
      expect(created.status, created.text).toBe(201);
    }
    let turns = 0;
    let passing = true;
    const turn = () => {
      turns++;
      if (passing) setImmediate(turn);
    };
    setImmediate(turn);
    const recomputed = await runMarksPass(new Date(Date.now() + 100));
    passing = false;
    expect(recomputed).toBe(companies.length);
    expect(turns).toBeGreaterThanOrEqual(companies.length);
  });

  it("makes today's mark again from the stored state when only a visible order moved: the mark and state its history gives", async () => {
    await runMarksPass();
    const before = await currentMark();
    const offer = { ...OFFER, issuer_id: COMPANY_ID, price_per_share: (Number(before.price_per_share) * 0.8).toFixed(2), volume: "5000000" };
    const created = await callRoute(createIndication, "/api/v1/my/indications", { key: KEY, body: offer });
    expect(created.status, created.text).toBe(201);
    const engine = getEngine();
    const spies = [vi.spyOn(engine, "run"), ...(engine.rows ? [vi.spyOn(engine, "rows")] : [])];
    try {
      expect(await runMarksPass(new Date(Date.now() + 100))).toBe(1);
      // The open book is read, not the company's tape nor every order it had.
      const read = spies.flatMap((spy) => spy.mock.calls.map(([statement]) => JSON.stringify(statement)));
      expect(read.filter((text) => /from \\"trades\\"/.test(text))).toEqual([]);
      expect(read.filter((text) => /from \\"indications\\"/.test(text)).map((text) => text.includes("'open'"))).toEqual([true]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const after = await currentMark();
    expect(Number(after.price_per_share)).toBeLessThan(Number(before.price_per_share));
    const today = utcToday();
    const history = companyHistory(await companyInputs(getEngine(), COMPANY_ID), await storedFactors(getDb()), today, today);
    const stored = await getDb().markState.findUniqueOrThrow({ where: { companyId: COMPANY_ID } });
    expect(JSON.parse(stored.state)).toEqual(JSON.parse(JSON.stringify(history.state)));
    expect(after).toMatchObject({ date: today, price_per_share: history.marks[0].price_per_share, low: history.marks[0].low, high: history.marks[0].high, method: history.marks[0].method });
  });

  it("moves the mark within 2 s of a verified trade's commit, with the updater's loop running", async () => {
    const stop = startMarksLoop(50);
    try {
      const before = await currentMark();
      expect(companyMarksSchema.parse((await callRoute(marksOf, seriesPath(), { key: KEY })).body).marks.at(-1)?.price_per_share).toBe(before.price_per_share);
      expect(await dayEntry()).toMatchObject({ price_per_share: before.price_per_share });
      // Down: the fresh $5M offer of the test before bounds the mark from above (docs/marks.md, "The book's bounds").
      const id = await recordTrade((Number(before.price_per_share) * 0.9).toFixed(2));
      await verify(id);
      const committed = Date.now();
      let after = before;
      while (after.price_per_share === before.price_per_share && Date.now() - committed < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        after = await currentMark();
      }
      expect(Number(after.price_per_share)).toBeLessThan(Number(before.price_per_share));
      expect(Date.now() - committed).toBeLessThan(2_000);
      // The series and the day's page read before the trade were kept (lib/marks/kept.ts): the update is in them now.
      expect(companyMarksSchema.parse((await callRoute(marksOf, seriesPath(), { key: KEY })).body).marks.at(-1)?.price_per_share).toBe(after.price_per_share);
      expect(await dayEntry()).toMatchObject({ price_per_share: after.price_per_share });
    } finally {
      await stop();
    }
  });

  it("counts a trade in trades_180d once it is verified and the updater has handled it, stored and served", async () => {
    const before = await tradeCounts();
    const id = await recordTrade((await currentMark()).price_per_share);
    await runMarksPass();
    // Unverified, it is not on the tape.
    expect((await tradeCounts()).stored).toEqual(before.stored);
    await verify(id);
    await runMarksPass();
    const after = await tradeCounts();
    expect(after.expected[COMPANY_ID]).toBe(before.expected[COMPANY_ID] + 1);
    expect(after.stored).toEqual(after.expected);
    expect(after.served).toEqual(after.expected);
    expect(after.company).toBe(after.expected[COMPANY_ID]);
  });
});
