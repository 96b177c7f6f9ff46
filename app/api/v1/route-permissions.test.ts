import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createApiKey } from "@/lib/api-keys/keys";
import { REQUIRES, type Requirement } from "@/lib/auth/requirements";
import { getDb } from "@/lib/db/client";
import { apiRoute } from "@/lib/http/handler";
import { callRoute, expectError } from "@/lib/testing/http";
import { PERMISSIONS } from "@/lib/domain/enums";
import { FIXTURE_PASSWORD_HASH, TEAMS } from "@/lib/testing/fixtures/accounts";
import { NEW_BID, NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { GET as getCompany } from "./companies/[company_id]/route";
import { GET as getOrderBook } from "./companies/[company_id]/order_book/route";
import { GET as getCompanyTrades } from "./companies/[company_id]/trades/route";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { POST as refreshIndication } from "./my/indications/[id]/refresh/route";
import { PATCH as patchIndication } from "./my/indications/[id]/route";
import { GET as listIndications } from "./my/indications/route";
import { POST as createIndication } from "./my/indications/route";
import { PATCH as patchTrade } from "./my/trades/[id]/route";
import { POST as createTrade } from "./my/trades/route";
import { POST as unverifyTrade } from "./ops/trades/[id]/unverify/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";
import { GET as listOpsTrades } from "./ops/trades/route";
import { POST as createWebhook } from "./my/webhooks/route";
import { POST as rotateWebhookSecret } from "./my/webhooks/[id]/rotate_secret/route";

/**
 * Operations declare their permission (`requires` in lib/http/operations.ts, which operationRoute
 * hands to `apiRoute({ requires, input })`; lib/auth/requirements.ts): the wrapper reads the input
 * first, so a caller without the permission hears about malformed input as everyone does (a 400,
 * as when only the data functions checked), then gets the declared 403 for well-formed input,
 * with the requirement's own message.
 */
const COMPANY = COMPANIES[0].id;
const SOME_ID = "00000000-0000-4000-8000-000000000000";
// [label, handler, method, malformed request, well-formed request, body of the well-formed one, requirement]
const CASES: [string, unknown, string, string, string, unknown, Requirement][] = [
  // A path id that names nothing is a 404 after the permission, as an unknown one (docs/api/requests.md, "Path ids"): the query is what is malformed.
  ["company", getCompany, "GET", `/api/v1/companies/${COMPANY}?nonsense=1`, `/api/v1/companies/${COMPANY}`, undefined, REQUIRES.viewCompany],
  ["order book", getOrderBook, "GET", `/api/v1/companies/${COMPANY}/order_book?depth=x`, `/api/v1/companies/${COMPANY}/order_book`, undefined, REQUIRES.viewMarket],
  ["tape", getCompanyTrades, "GET", `/api/v1/companies/${COMPANY}/trades?per_page=0`, `/api/v1/companies/${COMPANY}/trades`, undefined, REQUIRES.viewMarket],
  ["create indication", createIndication, "POST", "/api/v1/my/indications", "/api/v1/my/indications", NEW_BID, REQUIRES.createIndication],
  ["change indication", patchIndication, "PATCH", `/api/v1/my/indications/${SOME_ID}`, `/api/v1/my/indications/${SOME_ID}`, { details: "x" }, REQUIRES.changeIndication],
  ["refresh", refreshIndication, "POST", `/api/v1/my/indications/${SOME_ID}/refresh?nonsense=1`, `/api/v1/my/indications/${SOME_ID}/refresh`, undefined, REQUIRES.refreshIndication],
  ["close", closeIndication, "POST", `/api/v1/my/indications/${SOME_ID}/close?nonsense=1`, `/api/v1/my/indications/${SOME_ID}/close`, undefined, REQUIRES.closeIndication],
  ["record trade", createTrade, "POST", "/api/v1/my/trades", "/api/v1/my/trades", NEW_TRADE, REQUIRES.recordTrade],
  ["change trade", patchTrade, "PATCH", `/api/v1/my/trades/${SOME_ID}`, `/api/v1/my/trades/${SOME_ID}`, { volume: "1" }, REQUIRES.changeTrade],
  ["every team's trades", listOpsTrades, "GET", "/api/v1/ops/trades?nonsense=1", "/api/v1/ops/trades", undefined, REQUIRES.listEveryTeamsTrades],
  ["verify", verifyTrade, "POST", `/api/v1/ops/trades/${SOME_ID}/verify`, `/api/v1/ops/trades/${SOME_ID}/verify`, {}, REQUIRES.verifyTrade],
  ["unverify", unverifyTrade, "POST", `/api/v1/ops/trades/${SOME_ID}/unverify`, `/api/v1/ops/trades/${SOME_ID}/unverify`, { reason: "wrong volume" }, REQUIRES.unverifyTrade],
  ["create webhook", createWebhook, "POST", "/api/v1/my/webhooks", "/api/v1/my/webhooks", { url: "https://hooks.example.com/x", events: ["*"] }, REQUIRES.manageWebhooks],
  ["rotate webhook secret", rotateWebhookSecret, "POST", `/api/v1/my/webhooks/${SOME_ID}/rotate_secret?nonsense=1`, `/api/v1/my/webhooks/${SOME_ID}/rotate_secret`, undefined, REQUIRES.manageWebhooks],
];

const MALFORMED = { body: "{", headers: { "content-type": "application/json" } };

let noScopes: string;
let everyScope: string;

beforeAll(async () => {
  // A user holding every permission; a key of theirs scoped to none holds none.
  const userId = randomUUID();
  await getDb().user.create({
    data: { id: userId, email: `perm-${userId}@alpha.test`, name: "Every Permission", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(PERMISSIONS), teamId: TEAMS.alpha.id, createdAt: new Date() },
  });
  ({ secret: noScopes } = await createApiKey(getDb(), { userId, name: "no scopes", scopes: [] }));
  ({ secret: everyScope } = await createApiKey(getDb(), { userId, name: "every scope" }));
});

describe("permissions declared on routes", () => {
  it.each(CASES)("%s: malformed input is a 400 for everyone, then the declared 403", async (_label, handler, method, malformed, wellFormed, body, requirement) => {
    const bad = method === "GET" || malformed !== wellFormed ? {} : MALFORMED;
    const withNone = await callRoute(handler, malformed, { key: noScopes, method, ...bad });
    const withAll = await callRoute(handler, malformed, { key: everyScope, method, ...bad });
    expect(withNone.status, withNone.text).toBe(400);
    expect(withNone.body).toEqual(withAll.body);
    const refused = await callRoute(handler, wellFormed, { key: noScopes, method, ...(body === undefined ? {} : { body }) });
    expectError(refused, "forbidden");
    expect((refused.body as { error: { message: string } }).error.message).toBe(`${requirement.action} requires the "${requirement.permission}" permission.`);
  });

  it("the wrapper itself refuses: a handler that checks nothing never runs for a caller without the permission", async () => {
    let ran = 0;
    const route = apiRoute({ requires: REQUIRES.verifyTrade, input: () => "read" }, async ({ input }) => {
      ran++;
      return { input };
    });
    expectError(await callRoute(route, "/api/v1/anything", { key: noScopes }), "forbidden");
    expect(ran).toBe(0);
    const allowed = await callRoute(route, "/api/v1/anything", { key: everyScope });
    expect([allowed.status, allowed.body, ran]).toEqual([200, { input: "read" }, 1]);
  });

  it("a route that declares none answers a key with no permission at all", async () => {
    expect((await callRoute(listIndications, "/api/v1/my/indications", { key: noScopes })).status).toBe(200);
  });
});
