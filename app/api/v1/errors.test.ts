import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/log/logger";
import { UUID_PATTERN, callRoute, expectError, expectList, expectNoLeak, type CallResult } from "@/lib/testing/http";
import * as companiesModule from "./companies/route";
import * as companyModule from "./companies/[company_id]/route";
import * as indicationsModule from "./my/indications/route";
import * as indicationModule from "./my/indications/[id]/route";
import * as closeModule from "./my/indications/[id]/close/route";
import * as historyModule from "./my/indications/[id]/history/route";
import * as refreshModule from "./my/indications/[id]/refresh/route";
import * as tradesModule from "./my/trades/route";
import * as tradeModule from "./my/trades/[id]/route";
import * as tradeHistoryModule from "./my/trades/[id]/history/route";
import * as eventsModule from "./my/events/route";
import * as streamModule from "./my/stream/route";
import * as notificationsModule from "./my/notifications/route";
import * as markReadModule from "./my/notifications/read/route";
import * as opsTradesModule from "./ops/trades/route";
import * as orderBookModule from "./companies/[company_id]/order_book/route";
import * as companyTradesModule from "./companies/[company_id]/trades/route";
import * as companyMarkModule from "./companies/[company_id]/mark/route";
import * as companyMarksModule from "./companies/[company_id]/marks/route";
import * as dayMarksModule from "./marks/route";
import * as dayMarksCsvModule from "./marks.csv/route";
import * as deskIndexModule from "./indexes/desk-50/route";
import * as deskMembersModule from "./indexes/desk-50/members/route";
import * as verifyModule from "./ops/trades/[id]/verify/route";
import * as unverifyModule from "./ops/trades/[id]/unverify/route";
import * as indicationsCsvModule from "./my/indications.csv/route";
import * as tradesCsvModule from "./my/trades.csv/route";
import * as watchlistModule from "./my/watchlist/route";
import * as watchlistEntryModule from "./my/watchlist/[company_id]/route";
import * as webhooksModule from "./my/webhooks/route";
import * as webhookModule from "./my/webhooks/[id]/route";
import * as rotateSecretModule from "./my/webhooks/[id]/rotate_secret/route";
import * as deliveriesModule from "./my/webhooks/[id]/deliveries/route";
import * as redeliverModule from "./my/webhooks/[id]/deliveries/[delivery_id]/redeliver/route";
import * as redeliverRangeModule from "./my/webhooks/[id]/redeliver/route";
import * as matchesModule from "./my/indications/[id]/matches/route";
import * as marketOrderModule from "./market/indications/[permalink_id]/route";
import * as interestsModule from "./market/indications/[permalink_id]/interests/route";
import * as dealsModule from "./my/deals/route";
import * as dealsCsvModule from "./my/deals.csv/route";
import * as dealModule from "./my/deals/[id]/route";
import * as dealHistoryModule from "./my/deals/[id]/history/route";
import * as acceptModule from "./my/deals/[id]/accept/route";
import * as declineModule from "./my/deals/[id]/decline/route";
import * as withdrawModule from "./my/deals/[id]/withdraw/route";
import * as opsDealsModule from "./ops/deals/route";
import * as opsDealModule from "./ops/deals/[id]/route";
import * as introduceModule from "./ops/deals/[id]/introduce/route";
import * as termsModule from "./ops/deals/[id]/terms/route";
import * as closeDealModule from "./ops/deals/[id]/close/route";
import * as killModule from "./ops/deals/[id]/kill/route";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createDb } from "@/lib/db/client";
import { API_KEYS, SECRETS, UNKNOWN_SECRET } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { teamTrades } from "@/lib/testing/fixtures/trades";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const INDICATION = `/api/v1/my/indications/${teamIndications("alpha")[0].id}`;
const MISSING = `/api/v1/my/indications/${fixtureUuid("missing indication")}`;
const TRADE = `/api/v1/my/trades/${teamTrades("alpha")[0].id}`;
const MISSING_TRADE = `/api/v1/ops/trades/${fixtureUuid("missing trade")}`;
const MISSING_WEBHOOK = `/api/v1/my/webhooks/${fixtureUuid("missing webhook")}`;
const MISSING_DEAL = fixtureUuid("missing deal");

/** Calls a route with the first method it serves (GET where it has one). */
function callFirst(route: (typeof ROUTES)[number], path: string, options: Parameters<typeof callRoute>[2] = {}) {
  const method = route.methods[0];
  return callRoute(route.module[method], path, { body: route.body, headersOnly: route.stream, ...options, method });
}

/** Every route, with a path the alpha broker may use and the methods it serves. */
const ROUTES: { name: string; module: Partial<Record<Method, unknown>>; path: string; methods: Method[]; body?: object; stream?: boolean }[] = [
  { name: "/companies", module: companiesModule, path: "/api/v1/companies", methods: ["GET"] },
  { name: "/companies/{id}", module: companyModule, path: `/api/v1/companies/${COMPANIES[0].id}`, methods: ["GET"] },
  { name: "/companies/{id}/order_book", module: orderBookModule, path: `/api/v1/companies/${COMPANIES[0].id}/order_book`, methods: ["GET"] },
  { name: "/companies/{id}/trades", module: companyTradesModule, path: `/api/v1/companies/${COMPANIES[0].id}/trades`, methods: ["GET"] },
  { name: "/companies/{id}/mark", module: companyMarkModule, path: `/api/v1/companies/${COMPANIES[0].id}/mark`, methods: ["GET"] },
  { name: "/companies/{id}/marks", module: companyMarksModule, path: `/api/v1/companies/${COMPANIES[0].id}/marks`, methods: ["GET"] },
  { name: "/marks", module: dayMarksModule, path: "/api/v1/marks", methods: ["GET"] },
  { name: "/marks.csv", module: dayMarksCsvModule, path: "/api/v1/marks.csv", methods: ["GET"] },
  { name: "/indexes/desk-50", module: deskIndexModule, path: "/api/v1/indexes/desk-50", methods: ["GET"] },
  { name: "/indexes/desk-50/members", module: deskMembersModule, path: "/api/v1/indexes/desk-50/members", methods: ["GET"] },
  { name: "/my/indications", module: indicationsModule, path: "/api/v1/my/indications", methods: ["GET", "POST"] },
  { name: "/my/indications.csv", module: indicationsCsvModule, path: "/api/v1/my/indications.csv", methods: ["GET"] },
  { name: "/my/indications/{id}", module: indicationModule, path: INDICATION, methods: ["GET", "PATCH"] },
  // Writes: an unknown id, so nothing here changes the shared fixture (404 is their success).
  { name: "/my/indications/{id}/refresh", module: refreshModule, path: `${MISSING}/refresh`, methods: ["POST"] },
  { name: "/my/indications/{id}/close", module: closeModule, path: `${MISSING}/close`, methods: ["POST"] },
  { name: "/my/indications/{id}/history", module: historyModule, path: `${INDICATION}/history`, methods: ["GET"] },
  { name: "/my/indications/{id}/matches", module: matchesModule, path: `${INDICATION}/matches`, methods: ["GET"] },
  // The market's order and deals: an unknown permalink or deal, so nothing here writes (404 is their success).
  { name: "/market/indications/{permalink_id}", module: marketOrderModule, path: "/api/v1/market/indications/IND-MISSING", methods: ["GET"] },
  { name: "/market/indications/{permalink_id}/interests", module: interestsModule, path: "/api/v1/market/indications/IND-MISSING/interests", methods: ["POST"], body: { volume: "1" } },
  { name: "/my/deals", module: dealsModule, path: "/api/v1/my/deals", methods: ["GET"] },
  { name: "/my/deals.csv", module: dealsCsvModule, path: "/api/v1/my/deals.csv", methods: ["GET"] },
  { name: "/my/deals/{id}", module: dealModule, path: `/api/v1/my/deals/${MISSING_DEAL}`, methods: ["GET"] },
  { name: "/my/deals/{id}/history", module: dealHistoryModule, path: `/api/v1/my/deals/${MISSING_DEAL}/history`, methods: ["GET"] },
  { name: "/my/deals/{id}/accept", module: acceptModule, path: `/api/v1/my/deals/${MISSING_DEAL}/accept`, methods: ["POST"] },
  { name: "/my/deals/{id}/decline", module: declineModule, path: `/api/v1/my/deals/${MISSING_DEAL}/decline`, methods: ["POST"], body: { reason: "test" } },
  { name: "/my/deals/{id}/withdraw", module: withdrawModule, path: `/api/v1/my/deals/${MISSING_DEAL}/withdraw`, methods: ["POST"] },
  { name: "/ops/deals", module: opsDealsModule, path: "/api/v1/ops/deals", methods: ["GET"] },
  { name: "/ops/deals/{id}", module: opsDealModule, path: `/api/v1/ops/deals/${MISSING_DEAL}`, methods: ["GET"] },
  { name: "/ops/deals/{id}/introduce", module: introduceModule, path: `/api/v1/ops/deals/${MISSING_DEAL}/introduce`, methods: ["POST"] },
  { name: "/ops/deals/{id}/terms", module: termsModule, path: `/api/v1/ops/deals/${MISSING_DEAL}/terms`, methods: ["POST"], body: { price_per_share: "1", volume: "1", structure: "direct", sign_date: "2026-01-02" } },
  { name: "/ops/deals/{id}/close", module: closeDealModule, path: `/api/v1/ops/deals/${MISSING_DEAL}/close`, methods: ["POST"], body: { won_date: "2026-01-02" } },
  { name: "/ops/deals/{id}/kill", module: killModule, path: `/api/v1/ops/deals/${MISSING_DEAL}/kill`, methods: ["POST"], body: { reason: "other" } },
  { name: "/my/trades", module: tradesModule, path: "/api/v1/my/trades", methods: ["GET", "POST"] },
  { name: "/my/trades.csv", module: tradesCsvModule, path: "/api/v1/my/trades.csv", methods: ["GET"] },
  { name: "/my/trades/{id}", module: tradeModule, path: TRADE, methods: ["GET", "PATCH"] },
  { name: "/my/trades/{id}/history", module: tradeHistoryModule, path: `${TRADE}/history`, methods: ["GET"] },
  { name: "/my/events", module: eventsModule, path: "/api/v1/my/events", methods: ["GET"] },
  { name: "/my/stream", module: streamModule, path: "/api/v1/my/stream", methods: ["GET"], stream: true },
  { name: "/my/notifications", module: notificationsModule, path: "/api/v1/my/notifications", methods: ["GET"] },
  { name: "/my/notifications/read", module: markReadModule, path: "/api/v1/my/notifications/read", methods: ["POST"], body: { all: true } },
  { name: "/my/watchlist", module: watchlistModule, path: "/api/v1/my/watchlist", methods: ["GET"] },
  // Writes: an unknown company, so nothing here changes the watchlist (404 is their success).
  { name: "/my/watchlist/{id}", module: watchlistEntryModule, path: `/api/v1/my/watchlist/${fixtureUuid("missing company")}`, methods: ["GET", "PUT", "DELETE"] },
  { name: "/ops/trades", module: opsTradesModule, path: "/api/v1/ops/trades", methods: ["GET"] },
  { name: "/ops/trades/{id}/verify", module: verifyModule, path: `${MISSING_TRADE}/verify`, methods: ["POST"] },
  { name: "/ops/trades/{id}/unverify", module: unverifyModule, path: `${MISSING_TRADE}/unverify`, methods: ["POST"], body: { reason: "test" } },
  { name: "/my/webhooks", module: webhooksModule, path: "/api/v1/my/webhooks", methods: ["GET", "POST"] },
  { name: "/my/webhooks/{id}", module: webhookModule, path: MISSING_WEBHOOK, methods: ["GET", "PATCH", "DELETE"] },
  { name: "/my/webhooks/{id}/rotate_secret", module: rotateSecretModule, path: `${MISSING_WEBHOOK}/rotate_secret`, methods: ["POST"] },
  { name: "/my/webhooks/{id}/deliveries", module: deliveriesModule, path: `${MISSING_WEBHOOK}/deliveries`, methods: ["GET"] },
  {
    name: "/my/webhooks/{id}/deliveries/{delivery_id}/redeliver",
    module: redeliverModule,
    path: `${MISSING_WEBHOOK}/deliveries/${fixtureUuid("missing delivery")}/redeliver`,
    methods: ["POST"],
  },
  { name: "/my/webhooks/{id}/redeliver", module: redeliverRangeModule, path: `${MISSING_WEBHOOK}/redeliver`, methods: ["POST"], body: { since: new Date(Date.now() - 3_600_000).toISOString() } },
];

/** Routes that answer without a caller: the index, the OpenAPI document, the unknown-path 404. */
const PUBLIC_ROUTES = ["/", "/openapi.json", "/{...path}"];

it("ROUTES names every route under /api/v1 that needs a caller", () => {
  const root = path.join(__dirname);
  const found = (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => `/${path.dirname(file)}`.replace(/\/\.$/, "/").replace(/\[\.\.\.(\w+)\]/g, "{...$1}").replace(/\[(\w+)\]/g, "{$1}").replace("{company_id}", "{id}"))
    .filter((name) => !PUBLIC_ROUTES.includes(name));
  expect(found.sort()).toEqual(ROUTES.map((route) => route.name).sort());
});

const KEY = SECRETS.alphaBroker;
const enc = encodeURIComponent;

function expectUnauthorized(result: CallResult) {
  expectError(result, "unauthorized", null);
  expect(result.headers.get("www-authenticate") ?? "").toMatch(/^Bearer\b/);
}

describe("401 unauthorized", () => {
  const badAuthorizations: Array<[string, string | undefined]> = [
    ["no Authorization header", undefined],
    ["Basic scheme", "Basic x"],
    ["Basic with credentials", `Basic ${Buffer.from("broker@alpha.test:fixture-password").toString("base64")}`],
    ["Bearer with nothing", "Bearer"],
    ["Bearer and a space", "Bearer "],
    ["garbage", "garbage"],
    ["Bearer garbage", "Bearer garbage"],
    ["Bearer with SQL", "Bearer ' OR 1=1 --"],
    ["key without scheme", KEY],
    ["Token scheme", `Token ${KEY}`],
    ["truncated key", `Bearer ${KEY.slice(0, -1)}`],
    ["key with an extra character", `Bearer ${KEY}x`],
    ["key with its prefix only", `Bearer ${KEY.slice(0, 12)}`],
    ["two keys", `Bearer ${KEY} ${KEY}`],
    ["well-formed unknown key", `Bearer ${UNKNOWN_SECRET}`],
    ["revoked key", `Bearer ${SECRETS.alphaRevoked}`],
    ["the stored hash instead of the key", "Bearer 0000000000000000000000000000000000000000000000000000000000000000"],
    ["a 5,000-character token", `Bearer ${"k".repeat(5000)}`],
  ];

  for (const route of ROUTES) {
    for (const method of route.methods) {
      it.each(badAuthorizations)(`${method} ${route.name}: %s`, async (_label, authorization) => {
        const result = await callRoute(route.module[method], route.path, { method, ...(authorization === undefined ? {} : { authorization }) });
        expectUnauthorized(result);
      });
    }
  }

  it("the revoked key really is in the fixture, revoked, and its twin key works", async () => {
    expect(API_KEYS.alphaRevoked.revokedAt).not.toBeNull();
    expect(API_KEYS.alphaRevoked.user).toBe(API_KEYS.alphaBroker.user);
    expect((await callRoute(companiesModule.GET, "/api/v1/companies", { key: KEY })).status).toBe(200);
  });
});

describe("403 forbidden and 404 not found", () => {
  it("company details without the companies permission", async () => {
    for (const key of [SECRETS.alphaViewer, SECRETS.alphaNoCompanies]) {
      expectError(await callRoute(companyModule.GET, `/api/v1/companies/${COMPANIES[1].id}`, { key }), "forbidden", null);
    }
  });

  it("an unknown company", async () => {
    expectError(await callRoute(companyModule.GET, `/api/v1/companies/${fixtureUuid("missing")}`, { key: KEY }), "not_found", null);
  });
});

describe("405 method not allowed", () => {
  for (const route of ROUTES) {
    const refused = METHODS.filter((method) => !route.methods.includes(method));
    it.each(refused)(`${route.name}: %s`, async (method) => {
      const handler = route.module[method];
      expect(typeof handler).toBe("function");
      const result = await callRoute(handler, route.path, { key: KEY, method });
      expectError(result, "method_not_allowed", null);
      const allow = (result.headers.get("allow") ?? "").split(",").map((m) => m.trim().toUpperCase());
      expect(allow.filter((m) => m !== "HEAD" && m !== "OPTIONS").sort()).toEqual([...route.methods].sort());
      expect(allow.includes("HEAD")).toBe(route.methods.includes("GET"));
    });
  }
});

describe("OPTIONS", () => {
  it.each(ROUTES)("$name: 204 with an Allow of only what the route serves", async (route) => {
    const handler = (route.module as Record<string, unknown>).OPTIONS;
    expect(typeof handler).toBe("function");
    const result = await callRoute(handler, route.path, { method: "OPTIONS" });
    expect(result.status).toBe(204);
    const allow = (result.headers.get("allow") ?? "").split(",").map((m) => m.trim());
    const expected = [...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
    expect(allow.sort()).toEqual(expected.sort());
  });
});

describe("X-Request-Id", () => {
  const valid = ["abc-123_X.y", "a", "A".repeat(128), "0f8fad5b-d9cb-469f-a165-70867728950e"];
  const invalid = ["has space", "A".repeat(129), "a/b", "x;y", "<script>", "é", "a\tb"];

  it.each(valid)("echoes a well-formed client id (%s) on success and on every error", async (id) => {
    const cases: CallResult[] = [
      await callRoute(companiesModule.GET, "/api/v1/companies", { key: KEY, headers: { "x-request-id": id } }),
      await callRoute(companiesModule.GET, "/api/v1/companies?page=0", { key: KEY, headers: { "x-request-id": id } }),
      await callRoute(indicationsModule.GET, "/api/v1/my/indications?nope=1", { key: KEY, headers: { "x-request-id": id } }),
      await callRoute(tradesModule.GET, "/api/v1/my/trades", { headers: { "x-request-id": id } }),
      await callRoute(companyModule.GET, `/api/v1/companies/${COMPANIES[0].id}`, { key: SECRETS.alphaViewer, headers: { "x-request-id": id } }),
      await callRoute(companyModule.GET, `/api/v1/companies/${fixtureUuid("missing")}`, { key: KEY, headers: { "x-request-id": id } }),
      await callRoute(tradesModule.PUT, "/api/v1/my/trades", { key: KEY, method: "PUT", headers: { "x-request-id": id } }),
    ];
    expect(cases.map((c) => c.status)).toEqual([200, 400, 400, 401, 403, 404, 405]);
    for (const c of cases) expect(c.headers.get("x-request-id")).toBe(id);
  });

  it.each(invalid)("replaces a malformed client id (%j) with a fresh UUID", async (id) => {
    const a = await callRoute(companiesModule.GET, "/api/v1/companies", { key: KEY, headers: { "x-request-id": id } });
    const b = await callRoute(companiesModule.GET, "/api/v1/companies?page=abc", { key: KEY, headers: { "x-request-id": id } });
    for (const r of [a, b]) {
      const got = r.headers.get("x-request-id");
      expect(got).toMatch(UUID_PATTERN);
      expect(got).not.toBe(id);
    }
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("generates a distinct UUID per request when none is sent", async () => {
    const ids = new Set<string>();
    for (const route of ROUTES) {
      for (const key of [KEY, undefined]) {
        const result = await callFirst(route, route.path, key ? { key } : {});
        const id = result.headers.get("x-request-id");
        expect(id).toMatch(UUID_PATTERN);
        ids.add(id!);
      }
    }
    expect(ids.size).toBe(ROUTES.length * 2);
  });
});

describe("the error shape, for every 400 kind", () => {
  it.each([
    [indicationsModule.GET, "/api/v1/my/indications?side=sell", "invalid_parameter", "side"],
    [indicationsModule.GET, "/api/v1/my/indications?side=bid&side=offer", "invalid_parameter", "side"],
    [indicationsModule.GET, "/api/v1/my/indications?colour=red", "unknown_parameter", "colour"],
    [tradesModule.GET, "/api/v1/my/trades?sign_date_from=2026-02-30", "invalid_parameter", "sign_date_from"],
    [tradesModule.GET, "/api/v1/my/trades?limit=5", "unknown_parameter", "limit"],
    [companiesModule.GET, "/api/v1/companies?per_page=101", "invalid_parameter", "per_page"],
  ])("%#: %s", async (handler, path, code, param) => {
    const result = await callRoute(handler, path as string, { key: KEY });
    expectError(result, code as string, param as string);
  });

  it("lists still answer when several problems exist, naming one of the parameters at fault", async () => {
    const result = await callRoute(tradesModule.GET, "/api/v1/my/trades?is_verified=maybe&page=0", { key: KEY });
    expect(result.status).toBe(400);
    expect(["is_verified", "page"]).toContain((result.body as { error: { param: string } }).error.param);
    expectNoLeak(result.text);
  });

  it.each(["%00", "%FF", enc("' OR 1=1 --"), enc("🚀"), "p".repeat(5000), "%25", "_"])(
    "a hostile parameter name (%#) is an unknown parameter, never a 500",
    async (name) => {
      for (const route of ROUTES) {
        const result = await callFirst(route, `${route.path}?${name}=1`, { key: KEY });
        expectError(result, "unknown_parameter");
        expect(typeof (result.body as { error: { param: unknown } }).error.param).toBe("string");
      }
    },
  );

  it("a successful list is JSON too", async () => {
    expectList(await callRoute(companiesModule.GET, "/api/v1/companies?per_page=1", { key: KEY }), "companies");
  });
});

describe("hostile bodies", () => {
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty"])("a body key named %s is an unknown field, not a lookup on Object.prototype", async (name) => {
    const result = await callRoute(indicationModule.PATCH, INDICATION, { key: KEY, method: "PATCH", body: `{"${name}": {}}`, headers: { "content-type": "application/json" } });
    expectError(result, "invalid_parameter", name);
    expect((result.body as { error: { message: string } }).error.message).toBe(`"${name}" is not a field of this body: check its spelling against the API reference, or leave it out.`);
  });

  it("a client that hangs up mid-body is answered 499 and logged at info, not as our failure", async () => {
    const errors = vi.spyOn(logger, "error");
    try {
      const body = new ReadableStream({ pull: (controller) => controller.error(new Error("aborted")) });
      const request = new Request(`http://localhost${INDICATION}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit);
      const response = await indicationModule.PATCH(request as never, { params: Promise.resolve({ id: INDICATION.split("/").at(-1)! }) });
      expect(response.status).toBe(499);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe("500 internal_error", () => {
  // Fault injection, not a mock: the app's process-wide client is swapped for a real client of a
  // database that cannot be opened, so every query fails inside the real handlers.
  const holder = globalThis as unknown as { __deskDb?: unknown };
  let saved: unknown;

  afterEach(() => {
    holder.__deskDb = saved;
  });

  it("a failing database gives 500 internal_error in the error shape, without details", async () => {
    // Make sure the real client exists first, then replace it.
    expect((await callRoute(companiesModule.GET, "/api/v1/companies", { key: KEY })).status).toBe(200);
    saved = holder.__deskDb;
    expect(saved).toBeDefined();
    holder.__deskDb = createDb("file:/nonexistent-directory-for-tests/desk.db");
    const originalError = console.error;
    console.error = () => undefined; // the handler logs the failure; keep the test output clean
    try {
      for (const route of ROUTES) {
        const result = await callFirst(route, route.path, { key: KEY, headers: { "x-request-id": "fault-1" } });
        expectError(result, "internal_error", null);
        expect(result.headers.get("x-request-id")).toBe("fault-1");
        expect(result.text).not.toMatch(/nonexistent-directory|SQLITE|sqlite|prisma/i);
      }
    } finally {
      console.error = originalError;
    }
  });
});
