import { beforeAll, describe, expect, it } from "vitest";
import { runPage } from "@/lib/db/page";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { addIndications, addTeam, addTrades, marketIndication, marketTrade, type Member } from "@/lib/testing/market-rows";
import { withOwnDatabase } from "@/lib/testing/own-database";
import { companyTradeList, getOrderBook, tapeSummary } from "./queries";
import { DEFAULT_TAPE_SORT } from "./schema";
import { utcToday } from "./summary";

/**
 * The market view is kept between requests (lib/market/cache.ts): every write that changes what a
 * caller may see must show on the very next call. The writes go through a second client, as
 * another process would make them: only the database's change counters can tell the reader.
 */

const own = withOwnDatabase();
const COMPANY = SPECIAL_COMPANIES.untraded.id;
let owner: Member;
let viewer: Member; // another team
const today = utcToday();

const bookRow = (partial: Partial<Parameters<typeof marketIndication>[2]>) => marketIndication(owner, COMPANY, { side: "bid", pricePerShare: "10", ...partial });
const tradeRow = (partial: Partial<Parameters<typeof marketTrade>[2]>) => marketTrade(owner, COMPANY, { pricePerShare: "10", volume: "1000", signDate: today, ...partial });

const book = () => getOrderBook(viewer.caller, COMPANY, { depth: 50 }, own.engine);

async function tape() {
  const list = companyTradeList(viewer.caller, COMPANY, { page: 1, per_page: 100, structure: undefined, sign_date_from: undefined, sign_date_to: undefined, sort: DEFAULT_TAPE_SORT });
  const page = await runPage(own.engine, list);
  return { trades: JSON.parse(page.itemsJson) as { price_per_share: string; team: { name: string } | null }[], total: page.total, summary: await tapeSummary(viewer.caller, COMPANY, page, today, own.engine) };
}

beforeAll(async () => {
  [owner] = await addTeam(own.database.db, "Owner", ["owner@cache.test"]);
  [viewer] = await addTeam(own.database.db, "Viewer", ["viewer@cache.test"]);
});

describe("the cached order book", () => {
  it("shows a new, changed or closed indication, changed visibility or recipients and a renamed team on the very next call", async () => {
    const bid = bookRow({ pricePerShare: "10" });
    await addIndications(own.writer, [bid]);
    expect((await book()).bids.map((b) => b.price_per_share)).toEqual(["10"]);
    // Read twice: the second call is served from the cache, which the writes below must not outlive.
    expect((await book()).bid_count).toBe(1);

    const better = bookRow({ pricePerShare: "12" });
    await addIndications(own.writer, [better]);
    expect(await book()).toMatchObject({ bid_count: 2, best_bid: "12" });

    await own.writer.indication.update({ where: { id: better.id }, data: { pricePerShare: "000000000000000011.00000000" } });
    expect((await book()).best_bid).toBe("11");

    // Private, addressed to nobody: gone from the viewer's entries, count and best price.
    await own.writer.indication.update({ where: { id: better.id }, data: { visibility: "private" } });
    expect(await book()).toMatchObject({ bid_count: 1, best_bid: "10" });

    // Addressed to the viewer (in another case): back, with its team.
    await own.writer.indication.update({ where: { id: better.id }, data: { privateRecipients: JSON.stringify(["VIEWER@cache.test"]) } });
    expect(await book()).toMatchObject({ bid_count: 2, best_bid: "11", bids: [{ visibility: "private", team: { name: owner.teamName } }, {}] });

    // No longer addressed to them.
    await own.writer.indication.update({ where: { id: better.id }, data: { privateRecipients: JSON.stringify(["someone@else.test"]) } });
    expect(await book()).toMatchObject({ bid_count: 1, best_bid: "10" });

    await own.writer.team.update({ where: { id: owner.teamId }, data: { name: "Owner renamed" } });
    expect((await book()).bids[0].team).toEqual({ id: owner.teamId, name: "Owner renamed" });

    await own.writer.indication.update({ where: { id: bid.id }, data: { stage: "closed_lost" } });
    expect(await book()).toMatchObject({ bids: [], bid_count: 0, best_bid: null, spread: null });
  });

  it("gives each caller their own view of the same cached book", async () => {
    const secret = bookRow({ side: "offer", pricePerShare: "30", visibility: "private", privateRecipients: [] });
    await addIndications(own.writer, [secret]);
    expect((await book()).offer_count).toBe(0);
    const mine = await getOrderBook(owner.caller, COMPANY, { depth: 50 }, own.engine);
    expect(mine.offers).toEqual([expect.objectContaining({ own: true, indication_id: secret.id, visibility: "private" })]);
    expect((await book()).offers).toEqual([]);
  });
});

describe("the cached tape summary", () => {
  it("shows a trade verified or unverified, and a changed price, on the very next call", async () => {
    const trade = tradeRow({ isVerified: false, pricePerShare: "20", volume: "2000" });
    await addTrades(own.writer, [trade]);
    expect(await tape()).toMatchObject({ trades: [], total: 0, summary: { last_price: null, trade_count_90d: 0 } });
    expect((await tape()).summary.volume_90d).toBe("0");

    await own.writer.trade.update({ where: { id: trade.id }, data: { isVerified: true } });
    expect(await tape()).toMatchObject({ total: 1, summary: { last_price: "20", vwap_30d: "20", volume_90d: "2000", trade_count_90d: 1 } });
    expect((await tape()).summary.last_price).toBe("20");

    await own.writer.trade.update({ where: { id: trade.id }, data: { pricePerShare: "000000000000000040.00000000" } });
    expect((await tape()).summary).toMatchObject({ last_price: "40", vwap_90d: "40" });

    await own.writer.trade.update({ where: { id: trade.id }, data: { isVerified: false } });
    expect(await tape()).toMatchObject({ trades: [], total: 0, summary: { last_price: null, vwap_30d: null, volume_90d: "0", trade_count_90d: 0 } });
  });

  it("keeps a summary per day: the windows end today (UTC)", async () => {
    const old = tradeRow({ signDate: "2020-01-01", pricePerShare: "5" });
    await addTrades(own.writer, [old]);
    const page = await runPage(own.engine, companyTradeList(viewer.caller, COMPANY, { page: 1, per_page: 1, structure: undefined, sign_date_from: undefined, sign_date_to: undefined, sort: DEFAULT_TAPE_SORT }));
    expect((await tapeSummary(viewer.caller, COMPANY, page, "2020-01-01", own.engine)).vwap_30d).toBe("5");
    expect((await tapeSummary(viewer.caller, COMPANY, page, "2020-03-01", own.engine)).vwap_30d).toBeNull();
    expect((await tapeSummary(viewer.caller, COMPANY, page, "2020-01-01", own.engine)).vwap_30d).toBe("5");
  });
});
