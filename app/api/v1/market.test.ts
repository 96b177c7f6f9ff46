import { describe, expect, it } from "vitest";
import { bidEntrySchema, offerEntrySchema, tapeTradeSchema, tradeSummarySchema } from "@/lib/market/schema";
import { utcToday } from "@/lib/market/summary";
import { SECRETS, type UserKey } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { INDICATIONS } from "@/lib/testing/fixtures/indications";
import { TRADES } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError, expectNoLeak, keysOf } from "@/lib/testing/http";
import { bookRowOf, expectedBook, expectedSummary, expectedTape, tapeRowOf, viewerOfUser } from "@/lib/testing/market-oracle";
import { GET as orderBook } from "./companies/[company_id]/order_book/route";
import { GET as companyTrades } from "./companies/[company_id]/trades/route";

/**
 * The market view of a company (issue 14) through the real route handlers on the shared fixture
 * database, compared with the view computed independently from the fixture rows
 * (lib/testing/market-oracle.ts). The fixture holds every case of the rules: closed indications,
 * private ones addressed to nobody of another fixture team, anonymous ones, unverified and
 * unattributed trades. Rules that need rows written (a recipient of another team) are tested on
 * a database of their own in lib/market/queries.test.ts.
 */

const BOOK_ROWS = INDICATIONS.map(bookRowOf);
const TAPE_ROWS = TRADES.map(tapeRowOf);
const BROKERS: { user: UserKey; key: string }[] = [
  { user: "alphaBroker", key: SECRETS.alphaBroker },
  { user: "betaBroker", key: SECRETS.betaBroker },
  { user: "gammaBroker", key: SECRETS.gammaBroker },
];
const bookPath = (companyId: string, query = "") => `/api/v1/companies/${companyId}/order_book${query}`;
const tapePath = (companyId: string, query = "") => `/api/v1/companies/${companyId}/trades${query}`;
/**
 * The market shows every team's rows, so a company where another test file writes rows while this
 * one runs (COMPANIES[0] to [2]: indication-writes, trade-writes, write-sequence, idempotency,
 * database-busy; [3] as a refused change) is left out: its book is not the fixture's.
 */
const WRITTEN_ELSEWHERE = new Set(COMPANIES.slice(0, 4).map((c) => c.id));
/** Companies with fixture rows (the teams' issuer pools overlap, so most have several teams'). */
const TRADED = COMPANIES.filter(
  (c) => !WRITTEN_ELSEWHERE.has(c.id) && (INDICATIONS.some((r) => r.issuerId === c.id) || TRADES.some((r) => r.issuerId === c.id)),
);

type Book = { company: { id: string; name: string }; bids: Record<string, unknown>[]; offers: Record<string, unknown>[] } & Record<string, unknown>;

describe("GET /companies/{company_id}/order_book", () => {
  it("shows each caller exactly the book computed from the rows, for every company", async () => {
    expect(TRADED.length).toBeGreaterThan(20);
    for (const { user, key } of BROKERS) {
      for (const company of TRADED) {
        const result = await callRoute(orderBook, bookPath(company.id), { key });
        expect(result.status, result.text).toBe(200);
        const { company: shown, ...book } = result.body as Book;
        expect(shown).toEqual({ id: company.id, name: company.name });
        expect(book, `${user} ${company.name}`).toEqual(expectedBook(BOOK_ROWS, viewerOfUser(user), company.id, 50));
      }
    }
  });

  it("never shows another team's private indication not addressed to the caller: no entry, count, best price or spread", async () => {
    // A company where Alpha's best bid is private: Beta's book must look as if it did not exist.
    const hidden = BOOK_ROWS.filter(
      (r) => r.teamId !== viewerOfUser("betaBroker").teamId && r.visibility === "private" && r.stage === "open" && !WRITTEN_ELSEWHERE.has(r.issuerId),
    );
    expect(hidden.length).toBeGreaterThan(3);
    for (const row of hidden) {
      const result = await callRoute(orderBook, bookPath(row.issuerId, "?depth=200"), { key: SECRETS.betaBroker });
      const book = result.body as Book;
      const entries = [...book.bids, ...book.offers];
      expect(entries.filter((e) => e.visibility === "private" && !e.own)).toEqual([]);
      // What Beta would see if the private rows did not exist at all.
      const without = expectedBook(
        BOOK_ROWS.filter((r) => !(r.visibility === "private" && r.teamId !== viewerOfUser("betaBroker").teamId)),
        viewerOfUser("betaBroker"),
        row.issuerId,
        200,
      );
      expect({ ...book, company: undefined }).toEqual({ ...without, company: undefined });
    }
  });

  it("gives other teams' entries no id and no team when anonymous; the caller's own rows are marked with their id", async () => {
    let anonymous = 0;
    let own = 0;
    for (const company of TRADED) {
      const book = (await callRoute(orderBook, bookPath(company.id, "?depth=200"), { key: SECRETS.alphaBroker })).body as Book;
      for (const [entries, schema] of [[book.bids, bidEntrySchema], [book.offers, offerEntrySchema]] as const) {
        for (const entry of entries) {
          expect(keysOf(entry)).toEqual(Object.keys(schema.shape).sort());
          // Its last refresh, not its last change: the fixtures refresh 30 minutes after creating.
          expect(entry.last_refreshed_at).toBe(INDICATIONS.find((r) => r.permalinkId === entry.permalink_id)?.lastRefreshedAt.toISOString());
          if (entry.own) {
            own++;
            expect(entry.team).toEqual({ id: viewerOfUser("alphaBroker").teamId, name: "Alpha" });
            expect(INDICATIONS.find((r) => r.id === entry.indication_id)?.team).toBe("alpha");
          } else {
            expect(entry.indication_id).toBeNull();
            if (entry.visibility === "order_book_anonymous") {
              anonymous++;
              expect(entry.team).toBeNull();
            }
          }
        }
      }
    }
    expect(anonymous).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(0);
  });

  it("never lists a closed indication", async () => {
    const closed = INDICATIONS.filter((r) => r.stage !== "open");
    expect(closed.length).toBeGreaterThan(0);
    const closedIds = new Set(closed.map((r) => r.id));
    for (const { key } of BROKERS) {
      for (const issuerId of new Set(closed.map((r) => r.issuerId).filter((id) => !WRITTEN_ELSEWHERE.has(id)))) {
        const book = (await callRoute(orderBook, bookPath(issuerId, "?depth=200"), { key })).body as Book;
        for (const entry of [...book.bids, ...book.offers]) expect(closedIds.has(String(entry.indication_id))).toBe(false);
      }
    }
  });

  it("cuts each side at depth, while counts and best prices cover the whole side", async () => {
    const company = TRADED.map((c) => ({ c, book: expectedBook(BOOK_ROWS, viewerOfUser("alphaBroker"), c.id, 1000) })).sort(
      (a, b) => b.book.bid_count + b.book.offer_count - (a.book.bid_count + a.book.offer_count),
    )[0];
    expect(company.book.bid_count).toBeGreaterThan(1);
    const book = (await callRoute(orderBook, bookPath(company.c.id, "?depth=1"), { key: SECRETS.alphaBroker })).body as Book;
    expect(book.bids.length).toBe(1);
    expect(book.bid_count).toBe(company.book.bid_count);
    expect(book.best_bid).toBe(company.book.best_bid);
  });

  it("refuses bad input with 400, a caller without the companies permission with 403, an unknown or malformed company id with 404", async () => {
    const id = TRADED[0].id;
    for (const depth of ["0", "201", "abc", "1.5", "-1", ""]) {
      expectError(await callRoute(orderBook, bookPath(id, `?depth=${depth}`), { key: SECRETS.alphaBroker }), "invalid_parameter", "depth");
    }
    expectError(await callRoute(orderBook, bookPath(id, "?depth=1&depth=2"), { key: SECRETS.alphaBroker }), "invalid_parameter", "depth");
    expectError(await callRoute(orderBook, bookPath(id, "?side=bid"), { key: SECRETS.alphaBroker }), "unknown_parameter", "side");
    expectError(await callRoute(orderBook, bookPath("not-a-uuid"), { key: SECRETS.alphaBroker }), "not_found");
    expectError(await callRoute(orderBook, bookPath("' OR 1=1 --"), { key: SECRETS.alphaBroker }), "not_found");
    expectError(await callRoute(orderBook, bookPath(id), { key: SECRETS.alphaNoCompanies }), "forbidden");
    expectError(await callRoute(orderBook, bookPath(id), { key: SECRETS.alphaViewer }), "forbidden");
    expectError(await callRoute(orderBook, bookPath(fixtureUuid("no such company")), { key: SECRETS.alphaBroker }), "not_found");
    expectError(await callRoute(orderBook, bookPath(id)), "unauthorized");
  });
});

type Tape = { trades: Record<string, unknown>[]; page: number; total_pages: number; total_count: number; has_more: boolean; summary: Record<string, unknown> };

async function wholeTape(companyId: string, key: string, query = "") {
  const items: Record<string, unknown>[] = [];
  let first: Tape | undefined;
  for (let page = 1; ; page++) {
    const result = await callRoute(companyTrades, tapePath(companyId, `?per_page=3&page=${page}${query}`), { key });
    expect(result.status, result.text).toBe(200);
    const body = result.body as Tape;
    expect(keysOf(body)).toEqual(["has_more", "next_cursor", "page", "summary", "total_count", "total_pages", "trades"]);
    first ??= body;
    expect(body.total_count).toBe(first.total_count);
    expect(body.has_more).toBe(page < body.total_pages);
    items.push(...body.trades);
    if (!body.has_more) break;
  }
  return { items, total: first!.total_count, summary: first!.summary };
}

describe("GET /companies/{company_id}/trades", () => {
  it("shows each caller the verified trades computed from the rows, newest first, across pages, with the summary", async () => {
    const today = utcToday();
    for (const { user, key } of BROKERS) {
      for (const company of TRADED) {
        const { items, total, summary } = await wholeTape(company.id, key);
        const expected = expectedTape(TAPE_ROWS, viewerOfUser(user), company.id);
        expect(total).toBe(expected.length);
        expect(items, `${user} ${company.name}`).toEqual(expected);
        expect(keysOf(summary)).toEqual(Object.keys(tradeSummarySchema.shape).sort());
        expect(summary).toEqual(expectedSummary(TAPE_ROWS, company.id, today));
      }
    }
  });

  it("never shows an unverified trade, never a team on an unattributed trade of another team, and marks the caller's own", async () => {
    let unattributed = 0;
    let own = 0;
    const unverified = new Set(TRADES.filter((t) => !t.isVerified).map((t) => t.id));
    for (const company of TRADED) {
      const { items } = await wholeTape(company.id, SECRETS.betaBroker);
      for (const item of items) {
        expect(keysOf(item)).toEqual(Object.keys(tapeTradeSchema.shape).sort());
        expect(unverified.has(String(item.trade_id))).toBe(false);
        if (item.own) {
          own++;
          expect(TRADES.find((t) => t.id === item.trade_id)?.team).toBe("beta");
        } else {
          expect(item.trade_id).toBeNull();
          // Which rows those are is checked against the oracle above; here: that they occur.
          if (item.team === null) unattributed++;
        }
      }
    }
    expect(unattributed).toBeGreaterThan(0);
    expect(own).toBeGreaterThan(0);
  });

  it("filters by sign date and structure", async () => {
    const company = TRADED.find((c) => expectedTape(TAPE_ROWS, viewerOfUser("alphaBroker"), c.id).length >= 4)!;
    const all = expectedTape(TAPE_ROWS, viewerOfUser("alphaBroker"), company.id);
    const from = all[all.length - 2].sign_date;
    const to = all[1].sign_date;
    const { items } = await wholeTape(company.id, SECRETS.alphaBroker, `&sign_date_from=${from}&sign_date_to=${to}`);
    expect(items).toEqual(all.filter((t) => t.sign_date >= from && t.sign_date <= to));
    const structure = all[0].structure;
    const byStructure = await wholeTape(company.id, SECRETS.alphaBroker, `&structure=${structure}`);
    expect(byStructure.items).toEqual(all.filter((t) => t.structure === structure));
  });

  it("answers 304 to its own ETag, and a caller of another team a page of their own", async () => {
    // A company where Alpha has verified trades: Beta's page of it differs (no `own`, no ids).
    const company = TRADED.find((c) => expectedTape(TAPE_ROWS, viewerOfUser("alphaBroker"), c.id).some((t) => t.own))!;
    const first = await callRoute(companyTrades, tapePath(company.id), { key: SECRETS.alphaBroker });
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await callRoute(companyTrades, tapePath(company.id), { key: SECRETS.alphaBroker, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const beta = await callRoute(companyTrades, tapePath(company.id), { key: SECRETS.betaBroker, headers: { "if-none-match": etag } });
    expect(beta.status).toBe(200);
    expectNoLeak(beta.text);
  });

  it("refuses bad input with 400, 403 without the permission, 404 for an unknown company", async () => {
    const id = TRADED[0].id;
    for (const [name, value] of [
      ["sign_date_from", "2024-02-30"],
      ["sign_date_to", "yesterday"],
      ["structure", "spv_3_layer"],
      ["page", "0"],
      ["per_page", "101"],
    ]) {
      expectError(await callRoute(companyTrades, tapePath(id, `?${name}=${encodeURIComponent(value)}`), { key: SECRETS.alphaBroker }), "invalid_parameter", name);
    }
    expectError(await callRoute(companyTrades, tapePath(id, "?is_verified=false"), { key: SECRETS.alphaBroker }), "unknown_parameter", "is_verified");
    expectError(await callRoute(companyTrades, tapePath("nope"), { key: SECRETS.alphaBroker }), "not_found");
    expectError(await callRoute(companyTrades, tapePath(id), { key: SECRETS.alphaNoCompanies }), "forbidden");
    expectError(await callRoute(companyTrades, tapePath(fixtureUuid("no such company")), { key: SECRETS.alphaBroker }), "not_found");
  });
});
