import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { SECRETS, USERS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, expectError } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { MAX_FOLLOWED } from "@/lib/watchlist/schema";
import { GET as listRoute } from "./my/watchlist/route";
import { PUT as followRoute } from "./my/watchlist/[company_id]/route";

/**
 * The watchlist's bound (docs/api/live.md, "Watchlist"): one user follows at most MAX_FOLLOWED
 * companies, answered whole. On a database of its own: it adds companies the directory would list.
 */

withAppOnOwnDatabase();

beforeAll(async () => {
  const template = await getDb().company.findUniqueOrThrow({ where: { id: COMPANIES[0].id } });
  const extra = Array.from({ length: MAX_FOLLOWED - 1 }, (_, i) => ({ ...template, id: randomUUID(), name: `Followed ${String(i).padStart(3, "0")}` }));
  await getDb().company.createMany({ data: extra });
  const followed = [COMPANIES[0].id, ...extra.map((company) => company.id)];
  await getDb().watchlistEntry.createMany({ data: followed.map((companyId) => ({ userId: USERS.alphaBroker.id, companyId, createdAt: new Date() })) });
});

describe(`a watchlist of ${MAX_FOLLOWED}`, () => {
  it("is answered whole, refuses one more follow with 409 watchlist_full, and still takes a follow of a followed one", async () => {
    const list = await callRoute(listRoute, "/api/v1/my/watchlist", { key: SECRETS.alphaBroker });
    expect((list.body as { companies: unknown[] }).companies).toHaveLength(MAX_FOLLOWED);
    expectError(await callRoute(followRoute, `/api/v1/my/watchlist/${COMPANIES[1].id}`, { key: SECRETS.alphaBroker, method: "PUT" }), "watchlist_full", null);
    expect((await callRoute(followRoute, `/api/v1/my/watchlist/${COMPANIES[0].id}`, { key: SECRETS.alphaBroker, method: "PUT" })).status).toBe(200);
    // Another user's bound is their own.
    expect((await callRoute(followRoute, `/api/v1/my/watchlist/${COMPANIES[1].id}`, { key: SECRETS.betaBroker, method: "PUT" })).status).toBe(201);
  });
});
