import { beforeAll, describe, expect, it } from "vitest";
import { SECRETS, TEAMS } from "@/lib/testing/fixtures/accounts";
import { NEW_BID, NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { TRADES } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError, type CallResult } from "@/lib/testing/http";
import { newTeamMember } from "@/lib/testing/members";
import { GET as companiesRoute } from "./companies/route";
import { GET as tapeRoute } from "./companies/[company_id]/trades/route";
import { GET as eventsRoute } from "./my/events/route";
import { GET as indicationsRoute, POST as createIndication } from "./my/indications/route";
import { PATCH as patchIndication } from "./my/indications/[id]/route";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { GET as indicationHistoryRoute } from "./my/indications/[id]/history/route";
import { GET as tradesRoute, POST as recordTrade } from "./my/trades/route";
import { GET as opsTradesRoute } from "./ops/trades/route";

/**
 * Cursor paging on every list (issue 30; docs/api/lists.md, "Cursors"), through the real route handlers
 * on the shared fixture database: `cursor` / `next_cursor` walk a list's keyset order exactly as
 * one unpaged read lists it, stay exact while rows come and go between pages, and every page
 * links to the next (`Link`).
 */

type Item = Record<string, unknown>;
type Body = Record<string, unknown> & { next_cursor: string | null; has_more: boolean; page: number; total_count: number };

const KEY = SECRETS.alphaBroker;
const withParam = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

async function read(handler: unknown, path: string, key: string): Promise<{ result: CallResult; body: Body }> {
  const result = await callRoute(handler, path, { key });
  expect(result.status, result.text.slice(0, 300)).toBe(200);
  return { result, body: result.body as Body };
}

/** The `rel="<rel>"` target of a Link header, if any. */
function linkOf(result: CallResult, rel: string): string | undefined {
  const header = result.headers.get("link") ?? "";
  return new RegExp(`<([^>]*)>; rel="${rel}"`).exec(header)?.[1];
}

/** Every item of a list by page number, 100 a page: the unpaged read a cursor walk must equal. */
async function unpaged(handler: unknown, path: string, resource: string, key: string): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const { body } = await read(handler, withParam(path, `per_page=100&page=${page}`), key);
    items.push(...(body[resource] as Item[]));
    if (!body.has_more) return items;
  }
}

/**
 * Walks a list by cursor, `perPage` a page, checking each page's fields and Link as it goes, and
 * calling `between` after each page (rows to write meanwhile). Returns the pages' items.
 */
async function walk(handler: unknown, path: string, resource: string, key: string, perPage: number, between: (page: Item[]) => Promise<void> = async () => {}): Promise<Item[][]> {
  const pages: Item[][] = [];
  let next = withParam(path, `per_page=${perPage}`);
  for (;;) {
    const { result, body } = await read(handler, next, key);
    const items = body[resource] as Item[];
    pages.push(items);
    expect(body.page).toBe(1);
    expect(body.has_more).toBe(body.next_cursor !== null);
    expect(linkOf(result, "prev")).toBeUndefined();
    if (body.next_cursor === null) {
      expect(result.headers.get("link")).toBeNull();
      return pages;
    }
    expect(items).toHaveLength(perPage);
    const link = linkOf(result, "next")!;
    const url = new URL(link, "http://localhost");
    expect(url.searchParams.get("cursor")).toBe(body.next_cursor);
    expect(url.searchParams.get("per_page")).toBe(String(perPage));
    expect(url.pathname).toBe(new URL(path, "http://localhost").pathname);
    await between(items);
    next = link;
    if (pages.length > 500) throw new Error("runaway cursor");
  }
}

/** A company of the fixture's that no test file writes trades of, with the most verified trades. */
const TAPE_COMPANY = COMPANIES.slice(4)
  .map((c) => ({ id: c.id, trades: TRADES.filter((t) => t.issuerId === c.id && t.isVerified).length }))
  .sort((a, b) => b.trades - a.trades)[0];

let opsKey: string;
let writer: { teamId: string; key: string };
let historyOf: string;

beforeAll(async () => {
  opsKey = (await newTeamMember(["companies", "trades_verify"], "Cursor ops")).key;
  writer = await newTeamMember(["companies", "indications_manage", "trades_manage"], "Cursor writer");
  const created = await callRoute(createIndication, "/api/v1/my/indications", { key: writer.key, body: NEW_BID });
  expect(created.status, created.text).toBe(201);
  historyOf = (created.body as { id: string }).id;
  for (let i = 1; i <= 11; i++) {
    const changed = await callRoute(patchIndication, `/api/v1/my/indications/${historyOf}`, { key: writer.key, method: "PATCH", body: { price_per_share: `${10 + i}.5` } });
    expect(changed.status, changed.text).toBe(200);
  }
});

describe("walking by cursor lists exactly the rows of one unpaged read, in order", () => {
  const ALPHA_OPS = `/api/v1/ops/trades?team_id=${TEAMS.alpha.id}`;
  const CASES: [string, unknown, string, string, readonly string[]][] = [
    // Timestamps and decimals both ways; a decimal with ties (volume), dates with ties (sign_date).
    ["/api/v1/my/indications", indicationsRoute, "indications", KEY, ["-updated_at", "created_at", "price_per_share", "-volume"]],
    ["/api/v1/my/indications?stage=open", indicationsRoute, "indications", KEY, ["-price_per_share"]],
    ["/api/v1/my/trades", tradesRoute, "trades", KEY, ["-sign_date", "won_date", "price_per_share", "-created_at"]],
    [ALPHA_OPS, opsTradesRoute, "trades", "ops", ["-volume", "sign_date"]],
    // Every team's trades by team: a column the items show only inside `team`, ties by the thousand.
    ["/api/v1/ops/trades", opsTradesRoute, "trades", "ops", ["team_id", "-team_id"]],
    ["/api/v1/companies", companiesRoute, "companies", KEY, ["name", "-name"]],
    ["/api/v1/companies?q=a", companiesRoute, "companies", KEY, ["-name"]],
    // The tape's items carry no id of another team's trade: the cursor names the row all the same.
    [`/api/v1/companies/${TAPE_COMPANY.id}/trades`, tapeRoute, "trades", KEY, ["sign_date", "-sign_date"]],
  ];
  const cases = CASES.flatMap(([path, handler, resource, key, sorts]) => sorts.map((sort) => [withParam(path, `sort=${sort}`), handler, resource, key] as const));

  it.each(cases)("%s", async (path, handler, resource, key) => {
    const caller = key === "ops" ? opsKey : key;
    const all = await unpaged(handler, path, resource, caller);
    // Several pages, however many rows the list has (a tape has few).
    const perPage = all.length > 20 ? 7 : 2;
    expect(all.length).toBeGreaterThan(perPage);
    const pages = await walk(handler, path, resource, caller, perPage);
    expect(pages.flat()).toEqual(all);
    expect(pages).toHaveLength(Math.ceil(all.length / perPage));
  });

  it.each(["occurred_at", "-occurred_at"])("a history, sort=%s", async (sort) => {
    const path = `/api/v1/my/indications/${historyOf}/history?sort=${sort}`;
    const all = await unpaged(indicationHistoryRoute, path, "events", writer.key);
    expect(all).toHaveLength(12);
    expect((await walk(indicationHistoryRoute, path, "events", writer.key, 5)).flat()).toEqual(all);
  });

  it("keeps total_count the filter's total, and per_page, in cursor mode", async () => {
    const first = await read(indicationsRoute, "/api/v1/my/indications?per_page=3&sort=volume", KEY);
    const second = await read(indicationsRoute, `/api/v1/my/indications?per_page=3&sort=volume&cursor=${first.body.next_cursor}`, KEY);
    expect(second.body.total_count).toBe(first.body.total_count);
    expect(second.body.total_pages).toBe(first.body.total_pages);
    expect(second.body.indications as Item[]).toHaveLength(3);
  });
});

describe("a cursor stays exact while rows come and go between pages", () => {
  const bid = (price: string) => ({ ...NEW_BID, price_per_share: price });

  it("indications by price: rows inserted before and after the cursor, rows closed behind and ahead", async () => {
    const created: string[] = [];
    for (let i = 0; i < 24; i++) {
      // Ties: two rows of each price.
      const result = await callRoute(createIndication, "/api/v1/my/indications", { key: writer.key, body: bid(`${20 + Math.floor(i / 2)}.25`) });
      expect(result.status, result.text).toBe(201);
      created.push((result.body as { id: string }).id);
    }
    const path = "/api/v1/my/indications?stage=open&sort=price_per_share";
    const before = (await unpaged(indicationsRoute, path, "indications", writer.key)).map((i) => String(i.id));
    const closed = new Set<string>();
    const close = async (id: string) => {
      const result = await callRoute(closeIndication, `/api/v1/my/indications/${id}/close`, { key: writer.key, method: "POST" });
      expect(result.status, result.text).toBe(200);
      closed.add(id);
    };
    const seen: string[] = [];
    const pages = await walk(indicationsRoute, path, "indications", writer.key, 5, async (page) => {
      seen.push(...page.map((i) => String(i.id)));
      const last = page.at(-1)!;
      // Before the cursor (never to be listed), at its very price (a tie), and far ahead.
      for (const price of ["1", String(last.price_per_share), "99"]) expect((await callRoute(createIndication, "/api/v1/my/indications", { key: writer.key, body: bid(price) })).status).toBe(201);
      const behind = seen.find((id) => !closed.has(id) && id !== historyOf);
      if (behind) await close(behind);
      const ahead = before.find((id) => !seen.includes(id) && !closed.has(id) && id !== historyOf && id !== before.at(-1));
      if (ahead) await close(ahead);
    });
    const listed = pages.flat().map((i) => String(i.id));
    expect(new Set(listed).size).toBe(listed.length);
    const throughout = before.filter((id) => !closed.has(id));
    expect(throughout.length).toBeGreaterThan(5);
    expect(listed.filter((id) => before.includes(id))).toEqual(before.filter((id) => listed.includes(id)));
    for (const id of throughout) expect(listed).toContain(id);
    // Closed ahead of the cursor: not listed.
    for (const id of closed) if (!seen.includes(id)) expect(listed).not.toContain(id);
  });

  const record = async (date: string) => {
    const result = await callRoute(recordTrade, "/api/v1/my/trades", { key: writer.key, body: { ...NEW_TRADE, sign_date: date, won_date: date } });
    expect(result.status, result.text).toBe(201);
  };

  it("trades by sign date, newest first: rows recorded on the cursor's date and on either side", async () => {
    const dates = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"];
    for (const date of dates) for (let i = 0; i < 4; i++) await record(date);
    const path = "/api/v1/my/trades?sort=-sign_date";
    const before = (await unpaged(tradesRoute, path, "trades", writer.key)).map((t) => String(t.id));
    const pages = await walk(tradesRoute, path, "trades", writer.key, 3, async (page) => {
      const at = String(page.at(-1)!.sign_date);
      for (const date of [at, "2026-01-01", "2026-06-30"]) await record(date);
    });
    const listed = pages.flat().map((t) => String(t.id));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((id) => before.includes(id))).toEqual(before);
  });
});

describe("Link", () => {
  it("links a numbered page to the next and the previous, keeping the other parameters; the last page to the previous only; the first by cursor", async () => {
    const path = "/api/v1/my/indications?stage=open&sort=-volume&per_page=5";
    const { result, body } = await read(indicationsRoute, `${path}&page=2`, KEY);
    const next = new URL(linkOf(result, "next")!, "http://localhost");
    const prev = new URL(linkOf(result, "prev")!, "http://localhost");
    expect(next.pathname).toBe("/api/v1/my/indications");
    expect(Object.fromEntries(next.searchParams)).toEqual({ stage: "open", sort: "-volume", per_page: "5", page: "3" });
    expect(Object.fromEntries(prev.searchParams)).toEqual({ stage: "open", sort: "-volume", per_page: "5", page: "1" });
    expect(body.next_cursor).not.toBeNull();
    const pages = Math.ceil(body.total_count / 5);
    const last = await read(indicationsRoute, `${path}&page=${pages}`, KEY);
    expect(last.body.next_cursor).toBeNull();
    expect(linkOf(last.result, "next")).toBeUndefined();
    expect(linkOf(last.result, "prev")).toContain(`page=${pages - 1}`);
    const first = await read(indicationsRoute, path, KEY);
    expect(linkOf(first.result, "prev")).toBeUndefined();
    // Not asked for by number: the first page links on by cursor.
    expect(Object.fromEntries(new URL(linkOf(first.result, "next")!, "http://localhost").searchParams)).toEqual({ stage: "open", sort: "-volume", per_page: "5", cursor: first.body.next_cursor });
  });

  it("sends the Link of a kept answer (the directory) as of a fresh one", async () => {
    const path = "/api/v1/companies?per_page=3&sort=-name";
    const fresh = await read(companiesRoute, path, KEY);
    const kept = await read(companiesRoute, path, KEY);
    expect(kept.result.headers.get("link")).toBe(fresh.result.headers.get("link"));
    expect(linkOf(kept.result, "next")).toContain(`cursor=${fresh.body.next_cursor}`);
  });

  it("a kept tape page read by the company's id in capitals gives a cursor for that path, not the one first read", async () => {
    const lower = `/api/v1/companies/${TAPE_COMPANY.id}/trades`;
    const upper = `/api/v1/companies/${TAPE_COMPANY.id.toUpperCase()}/trades`;
    await read(tapeRoute, `${lower}?per_page=1`, KEY);
    const { body } = await read(tapeRoute, `${upper}?per_page=1`, KEY);
    expect(body.next_cursor).not.toBeNull();
    await read(tapeRoute, `${upper}?per_page=1&cursor=${body.next_cursor}`, KEY);
  });

  it("links the event feed to its next call by cursor while more events wait", async () => {
    const { result, body } = await read(eventsRoute, "/api/v1/my/events?limit=5", writer.key);
    expect(body.has_more).toBe(true);
    const next = new URL(linkOf(result, "next")!, "http://localhost");
    expect(Object.fromEntries(next.searchParams)).toEqual({ limit: "5", cursor: body.next_cursor });
  });
});

describe("the event feed's cursor", () => {
  it("takes cursor, and after as its deprecated name, alike; both at once is a 400", async () => {
    const first = await read(eventsRoute, "/api/v1/my/events?limit=3", writer.key);
    const byCursor = await read(eventsRoute, `/api/v1/my/events?limit=3&cursor=${first.body.next_cursor}`, writer.key);
    const byAfter = await read(eventsRoute, `/api/v1/my/events?limit=3&after=${first.body.next_cursor}`, writer.key);
    expect(byCursor.result.text).toBe(byAfter.result.text);
    expect(new URL(linkOf(byAfter.result, "next")!, "http://localhost").searchParams.has("after")).toBe(false);
    const both = await callRoute(eventsRoute, `/api/v1/my/events?cursor=${first.body.next_cursor}&after=${first.body.next_cursor}`, { key: writer.key });
    expectError(both, "invalid_parameter", "after");
    expect((both.body as { error: { message: string } }).error.message).toMatch(/deprecated.*use cursor/);
    expectError(await callRoute(eventsRoute, "/api/v1/my/events?cursor=ev1.x", { key: writer.key }), "invalid_parameter", "cursor");
  });
});

describe("a cursor the list cannot take is a 400", () => {
  const message = (result: CallResult) => (result.body as { error: { message: string } }).error.message;
  let cursor: string;

  beforeAll(async () => {
    cursor = (await read(indicationsRoute, "/api/v1/my/indications?per_page=2&sort=-volume", KEY)).body.next_cursor!;
  });

  it.each([
    ["not base64url", "a!b"],
    ["no cursor of ours", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
    ["empty", ""],
    ["too long", "A".repeat(3000)],
  ])("malformed (%s): invalid_parameter at cursor", async (_, value) => {
    const result = await callRoute(indicationsRoute, `/api/v1/my/indications?cursor=${value}`, { key: KEY });
    expectError(result, "invalid_parameter", "cursor");
    expect(message(result)).toMatch(/^cursor must be a next_cursor this API returned for this list/);
  });

  it("edited (one character changed): invalid_parameter at cursor", async () => {
    const edited = `${cursor.slice(0, 10)}${cursor[10] === "A" ? "B" : "A"}${cursor.slice(11)}`;
    expectError(await callRoute(indicationsRoute, `/api/v1/my/indications?sort=-volume&cursor=${edited}`, { key: KEY }), "invalid_parameter", "cursor");
  });

  it("made for another sort: the 400 names both sorts", async () => {
    const result = await callRoute(indicationsRoute, `/api/v1/my/indications?sort=volume&cursor=${cursor}`, { key: KEY });
    expectError(result, "invalid_parameter", "cursor");
    expect(message(result)).toMatch(/sort=-volume.*volume/);
    // No sort given: the default's (-updated_at).
    expect(message(await callRoute(indicationsRoute, `/api/v1/my/indications?cursor=${cursor}`, { key: KEY }))).toMatch(/sort=-volume.*-updated_at/);
  });

  it("made for another list: invalid_parameter at cursor", async () => {
    expectError(await callRoute(tradesRoute, `/api/v1/my/trades?sort=-volume&cursor=${cursor}`, { key: KEY }), "invalid_parameter", "cursor");
    const history = `/api/v1/my/indications/${historyOf}/history`;
    expectError(await callRoute(indicationHistoryRoute, `${history}?cursor=${cursor}`, { key: writer.key }), "invalid_parameter", "cursor");
  });

  it("with page: one 400 at page saying to send one or the other", async () => {
    const result = await callRoute(indicationsRoute, `/api/v1/my/indications?sort=-volume&page=2&cursor=${cursor}`, { key: KEY });
    expectError(result, "invalid_parameter", "page");
    expect(message(result)).toMatch(/page and cursor cannot be used together/);
    expect((result.body as { error: { errors: unknown[] } }).error.errors).toHaveLength(1);
  });
});
