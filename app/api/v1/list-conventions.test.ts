import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { INDICATION_SORT_FIELDS } from "@/lib/indications/schema";
import { OPS_TRADE_SORT_FIELDS, TRADE_SORT_FIELDS } from "@/lib/trades/schema";
import { FIXTURE_PASSWORD_HASH, SECRETS, TEAMS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { INDICATION_SORT_KEYS, TRADE_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";
import { TRADES, teamTrades } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError, fetchAll, idsOf } from "@/lib/testing/http";
import { expectedTape, tapeRowOf, viewerOfUser } from "@/lib/testing/market-oracle";
import { GET as companiesRoute } from "./companies/route";
import { GET as tapeRoute } from "./companies/[company_id]/trades/route";
import { GET as eventsRoute } from "./my/events/route";
import { GET as indicationsRoute, POST as createIndication } from "./my/indications/route";
import { PATCH as patchIndication } from "./my/indications/[id]/route";
import { GET as indicationHistoryRoute } from "./my/indications/[id]/history/route";
import { GET as indicationsCsvRoute } from "./my/indications.csv/route";
import { GET as tradesRoute } from "./my/trades/route";
import { GET as opsTradesRoute } from "./ops/trades/route";
import { openApiDocument } from "@/lib/openapi/openapi";

/**
 * One convention for every list (docs/api/lists.md, "Sorting" and "Filters in general"), through the
 * real route handlers: `sort` with one grammar (field ascending, -field descending, ties by id
 * ascending) and `<field>_from` / `<field>_to`, inclusive, with the deprecated names of old kept
 * and refused beside the new ones.
 */

const KEY = SECRETS.alphaBroker;
const ALPHA_INDICATIONS = teamIndications("alpha");
const ALPHA_TRADES = teamTrades("alpha");
const enc = encodeURIComponent;
const both = (fields: readonly string[]) => fields.flatMap((field) => [field, `-${field}`]);

/** Every item of a list, page by page. */
async function listed(handler: unknown, path: string, resource: string, key = KEY) {
  return fetchAll<Record<string, unknown>>(handler, path, resource, key);
}

/** A company's tape, one page of up to 100 (it answers a summary beside the page). */
async function tape(companyId: string, query: string): Promise<Record<string, unknown>[]> {
  const result = await callRoute(tapeRoute, `/api/v1/companies/${companyId}/trades?per_page=100&${query}`, { key: KEY });
  expect(result.status, result.text).toBe(200);
  return (result.body as { trades: Record<string, unknown>[] }).trades;
}

// The marketplace team's member, with a key of their own (no fixture user holds trades_verify).
let opsKey: string;
// A team of this file's own whose history and feed it writes.
let writerKey: string;

async function memberKey(permissions: string[]): Promise<string> {
  const team = { id: randomUUID(), name: `Conventions ${randomUUID()}` };
  const id = randomUUID();
  await getDb().team.create({ data: { ...team, createdAt: new Date() } });
  await getDb().user.create({
    data: { id, email: `${id}@conventions.test`, name: "Convention tester", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team.id, createdAt: new Date() },
  });
  return (await createApiKey(getDb(), { userId: id, name: "list conventions test" })).secret;
}

beforeAll(async () => {
  opsKey = await memberKey(["companies", "trades_verify"]);
  writerKey = await memberKey(["companies", "indications_manage"]);
});

describe("sort: one grammar on every list", () => {
  const ALPHA_OPS = `/api/v1/ops/trades?team_id=${TEAMS.alpha.id}`;

  it.each(both(TRADE_SORT_FIELDS))("GET /ops/trades?sort=%s lists a team's trades exactly as GET /my/trades does", async (sort) => {
    const mine = await listed(tradesRoute, `/api/v1/my/trades?sort=${sort}`, "trades");
    const ops = await listed(opsTradesRoute, `${ALPHA_OPS}&sort=${sort}`, "trades", opsKey);
    expect(idsOf(mine.items)).toEqual(sortBy(ALPHA_TRADES, TRADE_SORT_KEYS, sort).map((r) => r.id));
    expect(idsOf(ops.items)).toEqual(idsOf(mine.items));
  });

  it("GET /ops/trades has GET /my/trades's default order (-sign_date)", async () => {
    const ops = await listed(opsTradesRoute, ALPHA_OPS, "trades", opsKey);
    expect(idsOf(ops.items)).toEqual(sortBy(ALPHA_TRADES, TRADE_SORT_KEYS, "-sign_date").map((r) => r.id));
  });

  /** A comparable value of an ops item for `field`: decimals as exact units, dates and timestamps as text. */
  const opsValue = (item: Record<string, unknown>, field: string): bigint | string => {
    if (field === "team_id") return (item.team as { id: string }).id;
    const value = String(item[field]);
    if (field === "price_per_share" || field === "volume") {
      const [int, frac = ""] = value.split(".");
      return BigInt(int + frac.padEnd(8, "0"));
    }
    return value;
  };

  it.each(both(OPS_TRADE_SORT_FIELDS))("GET /ops/trades?sort=%s orders every team's trades by it, ties by id ascending", async (sort) => {
    const field = sort.replace("-", "");
    const { items } = await listed(opsTradesRoute, `/api/v1/ops/trades?sort=${sort}`, "trades", opsKey);
    // Every fixture team's trades are there (other files add trades of teams of their own meanwhile).
    expect(new Set(idsOf(items))).toEqual(new Set([...idsOf(items), ...TRADES.map((r) => r.id)]));
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [opsValue(items[i - 1], field), opsValue(items[i], field)];
      const context = `${sort} at ${i}: ${String(a)} then ${String(b)}`;
      if (a === b) expect(String(items[i - 1].id) < String(items[i].id), context).toBe(true);
      else expect(sort.startsWith("-") ? a > b : a < b, context).toBe(true);
    }
    // Ties exist for the grammar's tie-break to order.
    expect(items.some((item, i) => i > 0 && opsValue(items[i - 1], field) === opsValue(item, field))).toBe(true);
  });

  it("GET /ops/trades?sort=team_id keeps a team's trades together, each team's by id", async () => {
    const { items } = await listed(opsTradesRoute, `/api/v1/ops/trades?team_id=${TEAMS.beta.id}&sort=-team_id`, "trades", opsKey);
    expect(idsOf(items)).toEqual(teamTrades("beta").map((r) => r.id).sort());
  });

  it.each([
    ["name", 1],
    ["-name", -1],
  ] as const)("GET /companies?sort=%s orders by name, ties by id ascending", async (sort, direction) => {
    const { items } = await listed(companiesRoute, `/api/v1/companies?sort=${sort}`, "companies");
    const expected = [...COMPANIES].sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : (a.name < b.name ? -1 : 1) * direction));
    expect(COMPANIES.some((c) => COMPANIES.some((o) => o !== c && o.name === c.name))).toBe(true);
    expect(idsOf(items)).toEqual(expected.map((c) => c.id));
  });

  it.each(["sign_date", "-sign_date"] as const)("GET /companies/{id}/trades?sort=%s orders the tape by sign date, ties by id ascending", async (sort) => {
    // A company of the fixture's only that no other test file writes trades of, with several verified trades.
    const company = COMPANIES.slice(4).find((c) => TRADES.filter((t) => t.issuerId === c.id && t.isVerified).length >= 3)!;
    expect(await tape(company.id, `sort=${sort}`)).toEqual(expectedTape(TRADES.map(tapeRowOf), viewerOfUser("alphaBroker"), company.id, sort));
  });

  describe("a history and the team's feed", () => {
    let id: string;
    const history = (query: string) => listed(indicationHistoryRoute, `/api/v1/my/indications/${id}/history${query}`, "events", writerKey);

    beforeAll(async () => {
      const created = await callRoute(createIndication, "/api/v1/my/indications", {
        key: writerKey,
        // COMPANIES[0]: the market tests leave out the companies other files write rows of.
        body: { issuer_id: COMPANIES[0].id, side: "offer", price_per_share: "10", volume: "1000", structure: "direct", acceptable_structures: [], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred" },
      });
      expect(created.status, created.text).toBe(201);
      id = (created.body as { id: string }).id;
      for (const price of ["11", "12", "13"]) {
        const changed = await callRoute(patchIndication, `/api/v1/my/indications/${id}`, { key: writerKey, method: "PATCH", body: { price_per_share: price } });
        expect(changed.status, changed.text).toBe(200);
      }
    });

    it("sorts a history by occurred_at both ways (oldest first by default)", async () => {
      const oldest = await history("");
      expect(oldest.items.map((e) => e.action)).toEqual(["indication.created", "indication.updated", "indication.updated", "indication.updated"]);
      const times = oldest.items.map((e) => String(e.occurred_at));
      expect(times).toEqual([...times].sort());
      expect(new Set(times).size).toBe(times.length);
      expect(idsOf((await history("?sort=occurred_at")).items)).toEqual(idsOf(oldest.items));
      expect(idsOf((await history("?sort=-occurred_at")).items)).toEqual(idsOf(oldest.items).reverse());
    });

    it("filters a history with occurred_from / occurred_to, both inclusive", async () => {
      const all = (await history("")).items;
      const at = all.map((e) => String(e.occurred_at));
      expect(idsOf((await history(`?occurred_from=${at[1]}&occurred_to=${at[2]}`)).items)).toEqual(idsOf(all.slice(1, 3)));
      expect(idsOf((await history(`?occurred_from=${at[3]}`)).items)).toEqual(idsOf(all.slice(3)));
      expect(idsOf((await history(`?occurred_to=${at[0]}&sort=-occurred_at`)).items)).toEqual(idsOf(all.slice(0, 1)));
      // A date is the whole UTC day.
      const day = at[0].slice(0, 10);
      expect(idsOf((await history(`?occurred_from=${day}&occurred_to=${day}`)).items)).toEqual(idsOf(all.filter((e) => String(e.occurred_at).startsWith(day))));
    });

    it("takes sort=occurred_at on the feed, and refuses a descending one (its cursor moves forward)", async () => {
      const feed = await callRoute(eventsRoute, "/api/v1/my/events?sort=occurred_at", { key: writerKey });
      expect(feed.status, feed.text).toBe(200);
      expect((feed.body as { events: unknown[] }).events).toHaveLength(4);
      const refused = await callRoute(eventsRoute, "/api/v1/my/events?sort=-occurred_at", { key: writerKey });
      expectError(refused, "invalid_parameter", "sort");
      expect((refused.body as { error: { message: string } }).error.message).toMatch(/occurred_at.*ascending only/);
    });
  });

  const LISTS: [string, unknown, string, readonly string[]][] = [
    ["/api/v1/my/indications", indicationsRoute, KEY, INDICATION_SORT_FIELDS],
    ["/api/v1/my/trades", tradesRoute, KEY, TRADE_SORT_FIELDS],
    ["/api/v1/ops/trades", opsTradesRoute, "ops", OPS_TRADE_SORT_FIELDS],
    ["/api/v1/companies", companiesRoute, KEY, ["name"]],
    [`/api/v1/companies/${COMPANIES[5].id}/trades`, tapeRoute, KEY, ["sign_date"]],
    [`/api/v1/my/indications/${ALPHA_INDICATIONS[0].id}/history`, indicationHistoryRoute, KEY, ["occurred_at"]],
    ["/api/v1/my/events", eventsRoute, KEY, ["occurred_at"]],
  ];

  it.each(LISTS)("%s answers an unknown sort key 400, naming sort and listing the keys it takes", async (path, handler, key, fields) => {
    for (const sort of ["nope", "-nope", "--name", "id"]) {
      const result = await callRoute(handler, `${path}?sort=${enc(sort)}`, { key: key === "ops" ? opsKey : key });
      expectError(result, "invalid_parameter", "sort");
      const message = (result.body as { error: { message: string } }).error.message;
      expect(message).toContain(`sort must be one of ${fields.join(", ")}`);
    }
  });
});

/** A list, its rows in the fixture and how it orders them by default, and its time filters. */
interface TimeCase<R extends { id: string }> {
  path: string;
  resource: string;
  handler: unknown;
  key: () => string;
  rows: readonly R[];
  order: (rows: readonly R[]) => string[];
  /** The timestamp filters: their name (created, updated) and the row's value. */
  timestamps: [string, (row: R) => Date][];
  /** The date filters: their name (sign_date, won_date) and the row's value. */
  dates: [string, (row: R) => string][];
}

const indicationCase: TimeCase<(typeof ALPHA_INDICATIONS)[number]> = {
  path: "/api/v1/my/indications?",
  resource: "indications",
  handler: indicationsRoute,
  key: () => KEY,
  rows: ALPHA_INDICATIONS,
  order: (rows) => sortBy(rows, INDICATION_SORT_KEYS, "-updated_at").map((r) => r.id),
  timestamps: [
    ["created", (r) => r.createdAt],
    ["updated", (r) => r.updatedAt],
  ],
  dates: [],
};

const tradeCase = (path: string, handler: unknown, key: () => string): TimeCase<(typeof ALPHA_TRADES)[number]> => ({
  path,
  resource: "trades",
  handler,
  key,
  rows: ALPHA_TRADES,
  order: (rows) => sortBy(rows, TRADE_SORT_KEYS, "-sign_date").map((r) => r.id),
  timestamps: [
    ["created", (r) => r.createdAt],
    ["updated", (r) => r.updatedAt],
  ],
  dates: [
    ["sign_date", (r) => r.signDate],
    ["won_date", (r) => r.wonDate],
  ],
});

const TIME_CASES = [
  indicationCase,
  tradeCase("/api/v1/my/trades?", tradesRoute, () => KEY),
  tradeCase(`/api/v1/ops/trades?team_id=${TEAMS.alpha.id}&`, opsTradesRoute, () => opsKey),
] as unknown as TimeCase<{ id: string }>[];

describe.each(TIME_CASES.map((c) => [c.path.replace(/\?.*/, ""), c] as const))("time filters of %s", (_, list) => {
  async function expectRows(query: string, rows: readonly { id: string }[]) {
    const { items, total } = await listed(list.handler, `${list.path}${query}`, list.resource, list.key());
    expect(total, query).toBe(rows.length);
    expect(idsOf(items), query).toEqual(list.order(rows));
  }

  it.each(list.timestamps)("%s_from and _to take timestamps in any offset, inclusive at both ends", async (name, value) => {
    const times = [...new Set(list.rows.map((r) => value(r).getTime()))].sort((a, b) => a - b);
    const [lo, hi] = [times[Math.floor(times.length / 3)], times[Math.floor((2 * times.length) / 3)]];
    const within = (from: number, to: number) => list.rows.filter((r) => value(r).getTime() >= from && value(r).getTime() <= to);
    const plus2 = (ms: number) => enc(new Date(ms + 2 * 3600_000).toISOString().replace("Z", "+02:00"));
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(within(lo, hi).length).toBeLessThan(list.rows.length);
    await expectRows(`${name}_from=${iso(lo)}&${name}_to=${iso(hi)}`, within(lo, hi));
    await expectRows(`${name}_from=${plus2(lo)}&${name}_to=${plus2(hi)}`, within(lo, hi));
    // One millisecond inside each end drops the rows at that end.
    await expectRows(`${name}_from=${iso(lo + 1)}&${name}_to=${iso(hi - 1)}`, within(lo + 1, hi - 1));
    expect(within(lo + 1, hi - 1).length).toBeLessThan(within(lo, hi).length);
    await expectRows(`${name}_from=${iso(hi)}&${name}_to=${iso(lo)}`, []);
  });

  it.each(list.timestamps)("%s_from and _to take a date: from the UTC day's start to its end", async (name, value) => {
    const days = [...new Set(list.rows.map((r) => value(r).toISOString().slice(0, 10)))].sort();
    const [from, to] = [days[1], days[days.length - 2]];
    const start = Date.parse(`${from}T00:00:00Z`);
    const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
    const rows = list.rows.filter((r) => value(r).getTime() >= start && value(r).getTime() < end);
    expect(rows.length).toBeLessThan(list.rows.length);
    await expectRows(`${name}_from=${from}&${name}_to=${to}`, rows);
    await expectRows(`${name}_from=${from}&${name}_to=${from}`, list.rows.filter((r) => value(r).toISOString().startsWith(from)));
  });

  it.each(list.dates)("%s_from and _to are dates, inclusive at both ends", async (name, value) => {
    const days = [...new Set(list.rows.map(value))].sort();
    const [from, to] = [days[1], days[days.length - 2]];
    await expectRows(`${name}_from=${from}&${name}_to=${to}`, list.rows.filter((r) => value(r) >= from && value(r) <= to));
    await expectRows(`${name}_from=${from}&${name}_to=${from}`, list.rows.filter((r) => value(r) === from));
  });

  it.each(list.timestamps.map(([name]) => name))("%s_from and _to refuse what is neither a timestamp with an offset nor a date", async (name) => {
    for (const bad of ["2026-01-01T00:00:00", "2026-02-30", "2026-1-1", "yesterday", ""]) {
      for (const end of ["from", "to"]) {
        expectError(await callRoute(list.handler, `${list.path}${name}_${end}=${bad}`, { key: list.key() }), "invalid_parameter", `${name}_${end}`);
      }
    }
  });

  it("updated_since (deprecated) gives the rows updated_from gives", async () => {
    const updated = list.timestamps.find(([name]) => name === "updated")![1];
    const times = [...new Set(list.rows.map((r) => updated(r).getTime()))].sort((a, b) => a - b);
    const at = new Date(times[Math.floor(times.length / 2)]).toISOString();
    const rows = list.rows.filter((r) => updated(r).getTime() >= Date.parse(at));
    await expectRows(`updated_since=${at}`, rows);
    await expectRows(`updated_from=${at}`, rows);
  });

  it.each([
    ["updated_since", "updated_from"],
    ["updated_since", "updated_to"],
  ])("refuses %s beside %s, naming both", async (alias, name) => {
    const result = await callRoute(list.handler, `${list.path}${alias}=2026-01-01T00:00:00Z&${name}=2026-02-01T00:00:00Z`, { key: list.key() });
    expectError(result, "invalid_parameter", alias);
    const message = (result.body as { error: { message: string } }).error.message;
    expect(message).toContain(alias);
    expect(message).toContain(name);
  });
});

describe("the indications' deprecated created_after / created_before", () => {
  const at = (i: number) => sortBy(ALPHA_INDICATIONS, INDICATION_SORT_KEYS, "created_at")[i].createdAt;
  const ids = async (query: string) => idsOf((await listed(indicationsRoute, `/api/v1/my/indications?${query}`, "indications")).items);

  it("stay exclusive, where created_from / created_to are inclusive", async () => {
    const [lo, hi] = [at(5).toISOString(), at(30).toISOString()];
    const exclusive = await ids(`created_after=${lo}&created_before=${hi}`);
    const inclusive = await ids(`created_from=${lo}&created_to=${hi}`);
    const order = (rows: typeof ALPHA_INDICATIONS) => sortBy(rows, INDICATION_SORT_KEYS, "-updated_at").map((r) => r.id);
    expect(exclusive).toEqual(order(ALPHA_INDICATIONS.filter((r) => r.createdAt > at(5) && r.createdAt < at(30))));
    expect(inclusive).toEqual(order(ALPHA_INDICATIONS.filter((r) => r.createdAt >= at(5) && r.createdAt <= at(30))));
    expect(inclusive.length).toBeGreaterThan(exclusive.length);
  });

  it.each([
    ["created_after", "created_from"],
    ["created_after", "created_to"],
    ["created_before", "created_to"],
    ["created_before", "created_from"],
  ])("refuses %s beside %s, naming both (the list and its CSV export)", async (alias, name) => {
    for (const [handler, path] of [
      [indicationsRoute, "/api/v1/my/indications"],
      [indicationsCsvRoute, "/api/v1/my/indications.csv"],
    ] as const) {
      const result = await callRoute(handler, `${path}?${name}=2026-01-01&${alias}=2026-02-01T00:00:00Z`, { key: KEY });
      expectError(result, "invalid_parameter", alias);
      expect((result.body as { error: { message: string } }).error.message).toMatch(new RegExp(`${alias}.*${name}`));
    }
  });

  it("are still refused on trades, which never had them", async () => {
    expectError(await callRoute(tradesRoute, "/api/v1/my/trades?created_after=2026-01-01T00:00:00Z", { key: KEY }), "unknown_parameter", "created_after");
  });
});

describe("time filters of the tape", () => {
  it("sign_date_from / sign_date_to are inclusive at both ends", async () => {
    const company = COMPANIES.slice(4).find((c) => new Set(TRADES.filter((t) => t.issuerId === c.id && t.isVerified).map((t) => t.signDate)).size >= 3)!;
    const days = [...new Set(TRADES.filter((t) => t.issuerId === company.id && t.isVerified).map((t) => t.signDate))].sort();
    const [from, to] = [days[0], days[1]];
    const rows = TRADES.filter((t) => t.signDate >= from && t.signDate <= to).map(tapeRowOf);
    const items = await tape(company.id, `sign_date_from=${from}&sign_date_to=${to}`);
    expect(items).toEqual(expectedTape(rows, viewerOfUser("alphaBroker"), company.id));
    expect(items.length).toBeGreaterThan(1);
  });
});

describe("the OpenAPI document", () => {
  it("lists every list's sort and time filters, the deprecated names marked deprecated", () => {
    const doc = openApiDocument("http://localhost/api/v1") as unknown as { paths: Record<string, { get: { parameters: { name: string; in: string; deprecated?: boolean }[] } }> };
    const query = (path: string) => Object.fromEntries(doc.paths[path].get.parameters.filter((p) => p.in === "query").map((p) => [p.name, p.deprecated === true]));
    const expected: Record<string, Record<string, boolean>> = {
      "/my/indications": { sort: false, created_from: false, created_to: false, updated_from: false, updated_to: false, created_after: true, created_before: true, updated_since: true },
      "/my/indications.csv": { sort: false, created_from: false, created_to: false, created_after: true, created_before: true, updated_since: true },
      "/my/trades": { sort: false, created_from: false, updated_to: false, sign_date_from: false, won_date_to: false, updated_since: true },
      "/ops/trades": { sort: false, team_id: false, created_from: false, created_to: false, updated_from: false, sign_date_to: false, updated_since: true },
      "/companies": { sort: false },
      "/companies/{company_id}/trades": { sort: false, sign_date_from: false, sign_date_to: false },
      "/my/indications/{id}/history": { sort: false, occurred_from: false, occurred_to: false },
      "/my/trades/{id}/history": { sort: false, occurred_from: false, occurred_to: false },
      "/my/events": { sort: false },
    };
    for (const [path, params] of Object.entries(expected)) expect(query(path), path).toMatchObject(params);
  });
});
