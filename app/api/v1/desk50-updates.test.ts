import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { fromStoredDecimal } from "@/lib/domain/decimal";
import { rebuildMarks } from "@/lib/marks/rebuild";
import { companyMarkSchema, deskIndexSchema } from "@/lib/marks/schema";
import { runMarksPass } from "@/lib/marks/updater";
import { utcToday } from "@/lib/market/summary";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { TRADES } from "@/lib/testing/fixtures/trades";
import { callRoute } from "@/lib/testing/http";
import { newVerifier } from "@/lib/testing/members";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { GET as markOf } from "./companies/[company_id]/mark/route";
import { GET as deskIndexOf } from "./indexes/desk-50/route";
import { POST as recordTrade } from "./my/trades/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";

/**
 * The Desk 50 kept current by the marks updater (issue 46; docs/marks.md, "The Desk 50"), on a
 * database of the file's own: rebuilt as of 2026-01-30, then the updater's day roll run on
 * 2026-02-02 (three new days and February's rebalance), then on today's date, then a member's
 * trade verified. What each value should be is worked out here from the index's rules and the
 * stored marks, volumes and members, not by the code under test: the value is held as units of
 * the members' marks, fixed at each rebalance (value × weight / mark), so it never jumps there.
 */

const own = withAppOnOwnDatabase();
const KEY = SECRETS.alphaBroker;
const INDEX = "desk-50";
const REBUILT = "2026-01-30";
const ROLLED = "2026-02-02";
let verifier: string;

const value = async (date: string) => {
  const row = await getDb().indexValue.findUnique({ where: { indexId_date: { indexId: INDEX, date } } });
  return row ? Number(fromStoredDecimal(row.value)) : null;
};
const members = async (date: string) =>
  (await getDb().indexMember.findMany({ where: { indexId: INDEX, date }, orderBy: { companyId: "asc" } })).map((m) => ({ companyId: m.companyId, weight: m.weight }));
const price = async (companyId: string, date: string) => {
  const row = await getDb().mark.findUnique({ where: { companyId_date: { companyId, date } } });
  expect(row, `a mark of ${companyId} on ${date}`).toBeTruthy();
  return Number(fromStoredDecimal(row!.pricePerShare));
};
const lastRebalanceBefore = async (date: string) =>
  (await getDb().indexMember.findFirst({ where: { indexId: INDEX, date: { lt: date } }, orderBy: { date: "desc" } }))!.date;

/** The value on `date` from the units bought at `rebalance` with its stored value, members and marks. */
async function heldValue(rebalance: string, date: string): Promise<number> {
  const start = (await value(rebalance))!;
  let sum = 0;
  for (const m of await members(rebalance)) sum += ((start * m.weight) / (await price(m.companyId, rebalance))) * (await price(m.companyId, date));
  return sum;
}

beforeAll(async () => {
  await rebuildMarks(getDb(), own.database.url, new Date(`${REBUILT}T12:00:00.000Z`));
  verifier = await newVerifier("Desk 50");
}, 60_000);

describe("an index with nothing stored", () => {
  it("is started by the updater from the first verified trade's day, as the rebuild computed it", async () => {
    const db = getDb();
    const rebuilt = await db.indexValue.findMany({ where: { indexId: INDEX }, orderBy: { date: "asc" } });
    const chosen = await db.indexMember.findMany({ where: { indexId: INDEX }, orderBy: [{ date: "asc" }, { companyId: "asc" }] });
    expect(rebuilt[0].date).toBe([...TRADES].filter((t) => t.isVerified).sort((a, b) => (a.signDate < b.signDate ? -1 : 1))[0].signDate);
    await db.$transaction([db.indexValue.deleteMany({ where: { indexId: INDEX } }), db.indexMember.deleteMany({ where: { indexId: INDEX } })]);
    // The same day as the rebuild: no day to roll, but a process taking the lease brings the index to today.
    await runMarksPass(new Date(`${REBUILT}T12:00:01.000Z`));
    const started = await db.indexValue.findMany({ where: { indexId: INDEX }, orderBy: { date: "asc" } });
    expect(started.map((v) => v.date)).toEqual(rebuilt.map((v) => v.date));
    started.forEach((v, i) => expect(Number(fromStoredDecimal(v.value)), v.date).toBeCloseTo(Number(fromStoredDecimal(rebuilt[i].value)), 6));
    const again = await db.indexMember.findMany({ where: { indexId: INDEX }, orderBy: [{ date: "asc" }, { companyId: "asc" }] });
    expect(again.map((m) => [m.date, m.companyId])).toEqual(chosen.map((m) => [m.date, m.companyId]));
  });
});

describe("the Desk 50 at the updater's day roll", () => {
  it("appends the new days and February's rebalance, continuous through it, and GET /indexes/desk-50 answers them", async () => {
    const stored = await getDb().indexValue.findMany({ where: { indexId: INDEX }, orderBy: { date: "desc" }, take: 1 });
    expect(stored[0].date).toBe(REBUILT);
    const january = await lastRebalanceBefore(REBUILT);
    expect(january).toBe("2026-01-01");

    await runMarksPass(new Date(`${ROLLED}T00:00:05.000Z`));

    // February's members: the 50 with the most verified USD volume over the 12 months ending on the
    // 1st, among those with a mark that day (ties: the smaller id), each 1/n.
    const volume = new Map<string, number>();
    const inWindow = TRADES.filter((t) => t.isVerified && t.signDate > "2025-02-01" && t.signDate <= "2026-02-01");
    for (const t of inWindow.sort((a, b) => (a.signDate < b.signDate ? -1 : a.signDate > b.signDate ? 1 : a.id < b.id ? -1 : 1))) {
      volume.set(t.issuerId, (volume.get(t.issuerId) ?? 0) + Number(t.volume));
    }
    const marked = new Set((await getDb().mark.findMany({ where: { date: "2026-02-01" } })).map((m) => m.companyId));
    const ranked = [...volume].filter(([id, v]) => v > 0 && marked.has(id)).sort(([a, va], [b, vb]) => vb - va || (a < b ? -1 : 1)).slice(0, 50);
    expect(ranked.length).toBeGreaterThan(1);
    const february = await members("2026-02-01");
    expect(february.map((m) => m.companyId)).toEqual(ranked.map(([id]) => id).sort());
    // A weight is a float column: SQLite's answers it to 16 digits.
    for (const m of february) expect(m.weight).toBeCloseTo(1 / ranked.length, 12);

    // Up to and on the 1st, January's units; after it, February's, bought with the 1st's value.
    for (const date of ["2026-01-31", "2026-02-01"]) expect(await value(date), date).toBeCloseTo(await heldValue(january, date), 6);
    expect(await value(ROLLED)).toBeCloseTo(await heldValue("2026-02-01", ROLLED), 6);
    expect(await value(REBUILT)).toBeCloseTo(await heldValue(january, REBUILT), 6);

    const answer = await callRoute(deskIndexOf, `/api/v1/indexes/desk-50?from=${REBUILT}`, { key: KEY });
    expect(answer.status, answer.text).toBe(200);
    const { values } = deskIndexSchema.parse(answer.body);
    expect(values.map((v) => v.date)).toEqual([REBUILT, "2026-01-31", "2026-02-01", ROLLED]);
    for (const v of values) expect(Number(v.value)).toBeCloseTo((await value(v.date))!, 8);
  });

  it("after days without a pass, appends every day up to today with every month's rebalance", async () => {
    const today = utcToday();
    await runMarksPass();
    const days = await getDb().indexValue.findMany({ where: { indexId: INDEX, date: { gt: ROLLED } }, orderBy: { date: "asc" } });
    const expected: string[] = [];
    for (let d = Date.parse(`${ROLLED}T00:00:00Z`) + 86_400_000; d <= Date.parse(`${today}T00:00:00Z`); d += 86_400_000) expected.push(new Date(d).toISOString().slice(0, 10));
    expect(days.map((d) => d.date)).toEqual(expected);
    const firsts = new Set((await getDb().indexMember.findMany({ where: { indexId: INDEX, date: { gt: ROLLED } } })).map((m) => m.date));
    expect([...firsts].sort()).toEqual(expected.filter((d) => d.endsWith("-01")));
    const rebalance = await lastRebalanceBefore(today);
    expect(await value(today)).toBeCloseTo(await heldValue(rebalance, today), 6);
  });
});

describe("a write to a member", () => {
  it("moves today's value within the pass that recomputes the member's mark", async () => {
    const today = utcToday();
    await runMarksPass();
    const rebalance = await lastRebalanceBefore(today);
    const member = (await members(rebalance))[0].companyId;
    const before = (await value(today))!;
    const mark = companyMarkSchema.parse((await callRoute(markOf, `/api/v1/companies/${member}/mark`, { key: KEY })).body).mark!;
    const trade = {
      issuer_id: member, price_per_share: (Number(mark.price_per_share) * 1.3).toFixed(2), volume: "5000000", structure: "direct", stock_type: "secondary", stock_class_type: "preferred",
      sign_date: today, won_date: today, verification_officer_name: "Dana Officer", verification_officer_email: "dana@bank.example",
    };
    const recorded = await callRoute(recordTrade, "/api/v1/my/trades", { key: KEY, body: trade });
    expect(recorded.status, recorded.text).toBe(201);
    const verified = await callRoute(verifyTrade, `/api/v1/ops/trades/${(recorded.body as { id: string }).id}/verify`, { key: verifier, method: "POST" });
    expect(verified.status, verified.text).toBe(200);

    expect(await runMarksPass()).toBeGreaterThan(0);
    expect(await price(member, today)).toBeGreaterThan(Number(mark.price_per_share));
    const after = (await value(today))!;
    expect(after).toBeGreaterThan(before);
    expect(after).toBeCloseTo(await heldValue(rebalance, today), 6);
    const { values } = deskIndexSchema.parse((await callRoute(deskIndexOf, `/api/v1/indexes/desk-50?from=${today}`, { key: KEY })).body);
    expect(values).toEqual([{ date: today, value: String(Number(after.toFixed(8))) }]);
  });
});
