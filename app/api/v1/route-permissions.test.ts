import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createApiKey } from "@/lib/api-keys/keys";
import { REQUIRES, type Requirement } from "@/lib/auth/requirements";
import { getDb } from "@/lib/db/client";
import { callRoute, expectError } from "@/lib/testing/http";
import { PERMISSIONS } from "@/lib/domain/enums";
import { FIXTURE_PASSWORD_HASH, TEAMS } from "@/lib/testing/fixtures";
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

/**
 * Routes declare their permission (`apiRoute({ requires })`, lib/auth/requirements.ts), and the
 * wrapper refuses a caller without it before the input is read: each request below is malformed
 * (a body that is not JSON, an id that is not one, an unknown parameter), so only the declared
 * check can answer 403; the same request with every permission answers 400 or 404.
 */
const ID = "not-an-id";
const CASES: [string, unknown, string, string, Requirement][] = [
  ["GET", getCompany, `/api/v1/companies/${ID}`, "GET", REQUIRES.viewCompany],
  ["GET", getOrderBook, `/api/v1/companies/${ID}/order_book?depth=x`, "GET", REQUIRES.viewMarket],
  ["GET", getCompanyTrades, `/api/v1/companies/${ID}/trades?nonsense=1`, "GET", REQUIRES.viewMarket],
  ["POST", createIndication, "/api/v1/my/indications", "POST", REQUIRES.createIndication],
  ["PATCH", patchIndication, `/api/v1/my/indications/${ID}`, "PATCH", REQUIRES.changeIndication],
  ["POST", refreshIndication, `/api/v1/my/indications/${ID}/refresh?nonsense=1`, "POST", REQUIRES.refreshIndication],
  ["POST", closeIndication, `/api/v1/my/indications/${ID}/close?nonsense=1`, "POST", REQUIRES.closeIndication],
  ["POST", createTrade, "/api/v1/my/trades", "POST", REQUIRES.recordTrade],
  ["PATCH", patchTrade, `/api/v1/my/trades/${ID}`, "PATCH", REQUIRES.changeTrade],
  ["GET", listOpsTrades, "/api/v1/ops/trades?nonsense=1", "GET", REQUIRES.listEveryTeamsTrades],
  ["POST", verifyTrade, `/api/v1/ops/trades/${ID}/verify`, "POST", REQUIRES.verifyTrade],
  ["POST", unverifyTrade, `/api/v1/ops/trades/${ID}/unverify`, "POST", REQUIRES.unverifyTrade],
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
  it.each(CASES)("%s %s: refused before its input is read", async (_label, handler, path, method, requirement) => {
    const refused = await callRoute(handler, path, { key: noScopes, method, ...(method === "GET" ? {} : MALFORMED) });
    expectError(refused, "forbidden");
    expect((refused.body as { error: { message: string } }).error.message).toBe(`${requirement.action} requires the "${requirement.permission}" permission.`);
    const allowed = await callRoute(handler, path, { key: everyScope, method, ...(method === "GET" ? {} : MALFORMED) });
    expect([400, 404], allowed.text).toContain(allowed.status);
  });

  it("a route that declares none answers a key with no permission at all", async () => {
    expect((await callRoute(listIndications, "/api/v1/my/indications", { key: noScopes })).status).toBe(200);
  });
});
