import { describe, expect, it } from "vitest";
import { callRoute, expectError, sessionCookie } from "@/lib/testing/http";
import { USERS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import * as companyModule from "./companies/[company_id]/route";
import * as tradesModule from "./my/trades/route";

describe("browser session on the API", () => {
  it("is accepted instead of a key, scoped to the user's team", async () => {
    const result = await callRoute(tradesModule.GET, "/api/v1/my/trades?per_page=100", {
      headers: { cookie: await sessionCookie(USERS.alphaBroker.id) },
    });
    expect(result.status).toBe(200);
    const body = result.body as { trades: { id: string }[]; total_count: number };
    expect(body.total_count).toBe(teamTrades("alpha").length);
    const alphaIds = new Set(teamTrades("alpha").map((t) => t.id));
    expect(body.trades.every((t) => alphaIds.has(t.id))).toBe(true);
  });

  it("applies the same permission rules (viewer: 403 on company details)", async () => {
    const result = await callRoute(companyModule.GET, `/api/v1/companies/${COMPANIES[0].id}`, {
      headers: { cookie: await sessionCookie(USERS.alphaViewer.id) },
    });
    expectError(result, "forbidden", null);
  });

  it("rejects a cookie signed with another secret, and one for a user that does not exist", async () => {
    const forged = await sessionCookie(USERS.alphaBroker.id, "not-our-secret-not-our-secret-123");
    expectError(await callRoute(tradesModule.GET, "/api/v1/my/trades", { headers: { cookie: forged } }), "unauthorized", null);
    const ghost = await sessionCookie(fixtureUuid("no-such-user"));
    expectError(await callRoute(tradesModule.GET, "/api/v1/my/trades", { headers: { cookie: ghost } }), "unauthorized", null);
  });

  it("is ignored when an Authorization header is sent: a bad key is a 401 even with a session", async () => {
    const result = await callRoute(tradesModule.GET, "/api/v1/my/trades", {
      authorization: "Bearer not-a-key",
      headers: { cookie: await sessionCookie(USERS.alphaBroker.id) },
    });
    expectError(result, "unauthorized", null);
  });
});
