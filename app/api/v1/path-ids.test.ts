import { randomUUID } from "node:crypto";
import { beforeAll, describe, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH, SECRETS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError, type CallOptions } from "@/lib/testing/http";
import { GET as company } from "./companies/[company_id]/route";
import { GET as orderBook } from "./companies/[company_id]/order_book/route";
import { GET as tape } from "./companies/[company_id]/trades/route";
import { GET as indication, PATCH as patchIndication } from "./my/indications/[id]/route";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { GET as indicationHistory } from "./my/indications/[id]/history/route";
import { POST as refreshIndication } from "./my/indications/[id]/refresh/route";
import { GET as trade, PATCH as patchTrade } from "./my/trades/[id]/route";
import { GET as tradeHistory } from "./my/trades/[id]/history/route";
import { POST as unverifyTrade } from "./ops/trades/[id]/unverify/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";
import { DELETE as unfollow, GET as watchlistEntry, PUT as follow } from "./my/watchlist/[company_id]/route";

/**
 * A path id that names nothing answers alike on every resource (docs/api/requests.md, "Path ids"): one
 * that is not even a UUID is 404 `not_found` as an unknown UUID is, after the same checks of the
 * query, the body and the permission. Read-only here: every write below finds no row.
 */

// The marketplace team's verifier, in a team of this file's own.
let verifier: string;
beforeAll(async () => {
  const team = { id: randomUUID(), name: `Path ids ${Date.now()}`, createdAt: new Date() };
  await getDb().team.create({ data: team });
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@path-ids.test`, name: "Verifier", passwordHash: FIXTURE_PASSWORD_HASH, role: "marketplace_ops", permissions: JSON.stringify(["companies", "trades_verify"]), teamId: team.id, createdAt: new Date() },
  });
  verifier = (await createApiKey(getDb(), { userId: id, name: "path ids test" })).secret;
});

const UNKNOWN = fixtureUuid("path ids: nothing has this id");
const MALFORMED = ["not-a-uuid", encodeURIComponent("' OR 1=1 --"), `${UNKNOWN}x`, UNKNOWN.replace(/-/g, ""), "%FF"];
const ANOTHER_TEAMS = { indication: teamIndications("beta")[0].id, trade: teamTrades("beta")[0].id };

const PATCH = { method: "PATCH", body: { details: "x" } };
const POST = { method: "POST" };
const ROUTES: { name: string; handler: unknown; path: (id: string) => string; options?: CallOptions; forbiddenFor?: string }[] = [
  { name: "company", handler: company, path: (id) => `/api/v1/companies/${id}`, forbiddenFor: SECRETS.alphaNoCompanies },
  { name: "order book", handler: orderBook, path: (id) => `/api/v1/companies/${id}/order_book?depth=3`, forbiddenFor: SECRETS.alphaNoCompanies },
  { name: "tape", handler: tape, path: (id) => `/api/v1/companies/${id}/trades?per_page=2`, forbiddenFor: SECRETS.alphaNoCompanies },
  { name: "watchlist entry", handler: watchlistEntry, path: (id) => `/api/v1/my/watchlist/${id}` },
  { name: "follow", handler: follow, path: (id) => `/api/v1/my/watchlist/${id}`, options: { method: "PUT" } },
  { name: "unfollow", handler: unfollow, path: (id) => `/api/v1/my/watchlist/${id}`, options: { method: "DELETE" } },
  { name: "indication", handler: indication, path: (id) => `/api/v1/my/indications/${id}` },
  { name: "indication change", handler: patchIndication, path: (id) => `/api/v1/my/indications/${id}`, options: PATCH },
  { name: "refresh", handler: refreshIndication, path: (id) => `/api/v1/my/indications/${id}/refresh`, options: POST },
  { name: "close", handler: closeIndication, path: (id) => `/api/v1/my/indications/${id}/close`, options: POST },
  { name: "indication history", handler: indicationHistory, path: (id) => `/api/v1/my/indications/${id}/history` },
  { name: "trade", handler: trade, path: (id) => `/api/v1/my/trades/${id}` },
  { name: "trade change", handler: patchTrade, path: (id) => `/api/v1/my/trades/${id}`, options: PATCH },
  { name: "trade history", handler: tradeHistory, path: (id) => `/api/v1/my/trades/${id}/history` },
  { name: "verify", handler: verifyTrade, path: (id) => `/api/v1/ops/trades/${id}/verify`, options: POST, forbiddenFor: SECRETS.alphaBroker },
  { name: "unverify", handler: unverifyTrade, path: (id) => `/api/v1/ops/trades/${id}/unverify`, options: { method: "POST", body: { reason: "x" } }, forbiddenFor: SECRETS.alphaBroker },
];

describe("path ids: malformed, unknown or another team's answer alike", () => {
  it.each(ROUTES)("$name: 404 not_found for a malformed id as for an unknown one", async ({ handler, path, options }) => {
    const ids = [UNKNOWN, ...MALFORMED];
    // Another team's row is no row of the caller's (a verifier's routes see every team's).
    if (path("x").includes("/my/indications/")) ids.push(ANOTHER_TEAMS.indication);
    if (path("x").includes("/my/trades/")) ids.push(ANOTHER_TEAMS.trade);
    const key = path("x").includes("/ops/") ? verifier : SECRETS.alphaBroker;
    for (const id of ids) expectError(await callRoute(handler, path(id), { key, ...options }), "not_found");
  });

  it.each(ROUTES.filter((route) => route.forbiddenFor !== undefined))("$name: 403 without the permission, whatever the id", async ({ handler, path, options, forbiddenFor }) => {
    for (const id of [COMPANIES[7].id, UNKNOWN, ...MALFORMED]) {
      const result = await callRoute(handler, path(id), { key: forbiddenFor, ...options });
      expectError(result, "forbidden");
    }
  });

  it("checks the query before the id, as for a known one", async () => {
    for (const id of [UNKNOWN, "not-a-uuid"]) {
      expectError(await callRoute(orderBook, `/api/v1/companies/${id}/order_book?depth=0`, { key: SECRETS.alphaBroker }), "invalid_parameter", "depth");
      expectError(await callRoute(company, `/api/v1/companies/${id}?x=1`, { key: SECRETS.alphaBroker }), "unknown_parameter", "x");
      expectError(await callRoute(indication, `/api/v1/my/indications/${id}?x=1`, { key: SECRETS.alphaBroker }), "unknown_parameter", "x");
      expectError(await callRoute(follow, `/api/v1/my/watchlist/${id}?x=1`, { key: SECRETS.alphaBroker, method: "PUT" }), "unknown_parameter", "x");
    }
  });
});
