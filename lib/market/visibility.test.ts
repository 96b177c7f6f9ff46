import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { parsePage, type PageRequest } from "@/lib/schema/pagination";
import { runPage } from "@/lib/db/page";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { addIndications, addTeam, addTrades, marketIndication, marketTrade, type Member } from "@/lib/testing/market-rows";
import { withOwnDatabase } from "@/lib/testing/own-database";
import { priceHistory } from "./chart";
import { companyTradeList, getOrderBook } from "./queries";
import { DEFAULT_TAPE_SORT, type TapeTrade } from "./schema";
import { summarizeCompanyTrades } from "./summary";

/**
 * Each visibility rule of issue 14 on a hand-written book and tape (a database of its own), so
 * every expected value below is read off the rows.
 */

const own = withOwnDatabase();
const COMPANY = SPECIAL_COMPANIES.untraded.id;
let owner: Member; // writes every row
let recipient: Member; // another team, named (in other case) on the private bid
let outsider: Member; // another team, named nowhere
const PRIVATE_BID = randomUUID();

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
const book = (partial: Parameters<typeof marketIndication>[2]) => marketIndication(owner, COMPANY, { updatedAt: at(0), ...partial });
const trade = (partial: Parameters<typeof marketTrade>[2]) => marketTrade(owner, COMPANY, partial);

beforeAll(async () => {
  const db = own.database.db;
  [owner] = await addTeam(db, "Owner", ["owner@owner.test"]);
  [recipient] = await addTeam(db, "Recipient", ["Named.Person@recipient.test"]);
  [outsider] = await addTeam(db, "Outsider", ["named.person@outsider.test"]);
  await addIndications(db, [
    // The best bid is private, addressed to the recipient in another case.
    book({ id: PRIVATE_BID, side: "bid", pricePerShare: "99", visibility: "private", privateRecipients: ["NAMED.PERSON@Recipient.Test"] }),
    book({ side: "bid", pricePerShare: "10", visibility: "order_book_anonymous", updatedAt: at(2) }),
    book({ side: "bid", pricePerShare: "10", visibility: "order_book_public", updatedAt: at(1) }),
    book({ side: "offer", pricePerShare: "20.5", visibility: "order_book_anonymous" }),
    // Closed: never in the book, whatever its price.
    book({ side: "bid", pricePerShare: "500", stage: "closed_lost" }),
    book({ side: "offer", pricePerShare: "1", stage: "closed_lost" }),
  ]);
  await addTrades(db, [
    trade({ pricePerShare: "10", volume: "1000", signDate: "2026-03-30" }),
    trade({ pricePerShare: "20", volume: "1000", signDate: "2026-03-10", attributedToOwner: false }),
    trade({ pricePerShare: "40", volume: "2000", signDate: "2026-02-01" }),
    trade({ pricePerShare: "1", volume: "5000", signDate: "2025-12-01" }),
    // Unverified: never on the tape, in no summary.
    trade({ pricePerShare: "1000", volume: "9000", signDate: "2026-03-31", isVerified: false }),
  ]);
});

const depth = { depth: 50 };

describe("order book visibility", () => {
  it("hides a private indication from an outsider: no entry, count, best price or spread", async () => {
    const seen = await getOrderBook(outsider.caller, COMPANY, depth, own.engine);
    expect(seen.bids.map((b) => b.price_per_share)).toEqual(["10", "10"]);
    expect(seen.bid_count).toBe(2);
    expect(seen.best_bid).toBe("10");
    expect(seen.spread).toBe("10.5");
    expect(JSON.stringify(seen)).not.toContain(PRIVATE_BID);
  });

  it("shows it, with its team, to a named recipient of another team (e-mail compared case-insensitively)", async () => {
    const seen = await getOrderBook(recipient.caller, COMPANY, depth, own.engine);
    expect(seen.bids[0]).toMatchObject({ price_per_share: "99", visibility: "private", team: { id: owner.teamId, name: owner.teamName }, own: false, indication_id: null });
    expect(seen.bid_count).toBe(3);
    expect(seen.best_bid).toBe("99");
    expect(seen.spread).toBe("-78.5");
  });

  it("never gives an anonymous entry a team or id for others; the owner sees its rows marked, with ids", async () => {
    const seen = await getOrderBook(outsider.caller, COMPANY, depth, own.engine);
    // Equal prices: oldest first.
    expect(seen.bids.map((b) => [b.visibility, b.team])).toEqual([
      ["order_book_public", { id: owner.teamId, name: owner.teamName }],
      ["order_book_anonymous", null],
    ]);
    expect(seen.offers).toEqual([expect.objectContaining({ visibility: "order_book_anonymous", team: null, own: false, indication_id: null })]);
    for (const entry of [...seen.bids, ...seen.offers]) {
      expect(JSON.stringify(entry)).not.toMatch(/secret/);
    }
    const mine = await getOrderBook(owner.caller, COMPANY, depth, own.engine);
    expect(mine.bid_count).toBe(3);
    for (const entry of [...mine.bids, ...mine.offers]) {
      expect(entry.own).toBe(true);
      expect(entry.team).toEqual({ id: owner.teamId, name: owner.teamName });
      expect(entry.indication_id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("never lists closed indications", async () => {
    const mine = await getOrderBook(owner.caller, COMPANY, depth, own.engine);
    expect(mine.bids.map((b) => b.price_per_share)).not.toContain("500");
    expect(mine.offers.map((b) => b.price_per_share)).not.toContain("1");
    expect(mine.offer_count).toBe(1);
  });
});

async function tape(member: Member): Promise<TapeTrade[]> {
  const window: PageRequest = { page: 1, per_page: 100 };
  const list = companyTradeList(member.caller, COMPANY, { ...window, structure: undefined, sign_date_from: undefined, sign_date_to: undefined, sort: DEFAULT_TAPE_SORT });
  const page = await runPage(own.engine, list);
  return parsePage<TapeTrade>({ itemsJson: page.itemsJson, page: 1, per_page: 100, total_pages: 1, total_count: page.total, has_more: false }).items;
}

describe("trade tape visibility", () => {
  it("holds verified trades only, newest first; an unattributed trade carries no team; ids only for the owner", async () => {
    const seen = await tape(outsider);
    expect(seen.map((t) => [t.sign_date, t.team?.name ?? null, t.own, t.trade_id])).toEqual([
      ["2026-03-30", owner.teamName, false, null],
      ["2026-03-10", null, false, null],
      ["2026-02-01", owner.teamName, false, null],
      ["2025-12-01", owner.teamName, false, null],
    ]);
    const mine = await tape(owner);
    expect(mine).toHaveLength(4);
    for (const t of mine) {
      expect(t.own).toBe(true);
      expect(t.team).toEqual({ id: owner.teamId, name: owner.teamName });
      expect(t.trade_id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("summarises the verified trades with the one VWAP, windows ending today (hand-computed)", async () => {
    // 30 days to 2026-03-31: $1,000 at $10 (100 shares) and $1,000 at $20 (50 shares) -> 2000 / 150.
    // 90 days: + $2,000 at $40 (50 shares) -> 4000 / 200 = 20. The unverified $1000 trade counts nowhere.
    expect(await summarizeCompanyTrades(COMPANY, "2026-03-31", own.engine)).toEqual({
      last_price: "10",
      last_sign_date: "2026-03-30",
      vwap_30d: "13.33333333",
      vwap_90d: "20",
      volume_90d: "4000",
      trade_count_90d: 3,
    });
    // Windows include their first day: the 30 days ending 2026-04-08 start on 2026-03-10, those
    // ending 2026-04-09 on 2026-03-11.
    expect((await summarizeCompanyTrades(COMPANY, "2026-04-08", own.engine)).vwap_30d).toBe("13.33333333");
    expect((await summarizeCompanyTrades(COMPANY, "2026-04-09", own.engine)).vwap_30d).toBe("10");
    expect(await summarizeCompanyTrades(COMPANY, "2020-01-01", own.engine)).toMatchObject({ vwap_30d: null, vwap_90d: null, volume_90d: "0", trade_count_90d: 0 });
  });
});

describe("price chart series", () => {
  it("holds the verified trades of the year and the rolling 30- and 90-day VWAP on each trade's day (hand-computed)", async () => {
    const history = await priceHistory(outsider.caller, COMPANY, "2026-03-31", own.engine);
    expect(history.today).toBe("2026-03-31");
    expect(history.trades.map((t) => [t.sign_date, t.price_per_share, t.volume])).toEqual([
      ["2025-12-01", "1", "5000"],
      ["2026-02-01", "40", "2000"],
      ["2026-03-10", "20", "1000"],
      ["2026-03-30", "10", "1000"],
    ]);
    expect(history.vwap_30d).toEqual([
      { sign_date: "2025-12-01", vwap: "1" },
      { sign_date: "2026-02-01", vwap: "40" },
      { sign_date: "2026-03-10", vwap: "20" },
      { sign_date: "2026-03-30", vwap: "13.33333333" },
    ]);
    // 2026-02-01: $5,000 at $1 (5,000 shares) and $2,000 at $40 (50 shares): 7,000 / 5,050 = 1.386138613…
    expect(history.vwap_90d).toEqual([
      { sign_date: "2025-12-01", vwap: "1" },
      { sign_date: "2026-02-01", vwap: "1.38613861" },
      { sign_date: "2026-03-10", vwap: "30" },
      { sign_date: "2026-03-30", vwap: "20" },
    ]);
  });
});
