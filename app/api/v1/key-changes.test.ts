import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { PERMISSIONS } from "@/lib/domain/enums";
import { callRoute, expectError } from "@/lib/testing/http";
import { FIXTURE_PASSWORD_HASH, TEAMS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { GET as getCompany } from "./companies/[company_id]/route";
import { GET as companyTrades } from "./companies/[company_id]/trades/route";
import { GET as listCompanies } from "./companies/route";
import { GET as listIndications } from "./my/indications/route";
import { GET as listTrades } from "./my/trades/route";

/**
 * Whatever changes what an API key resolves to takes effect on the key's very next call, on every
 * endpoint, whether the change is a revocation, a move to another team or a permission taken away,
 * and even for pages the server keeps answered (lib/http/list-response.ts). Each test uses a user
 * and key of its own, called twice first so that whatever the server keeps for the key is warm.
 */

let userId: string;
let secret: string;
let serial = 0;

beforeEach(async () => {
  const db = getDb();
  serial += 1;
  userId = `00000000-0000-4000-8000-${String(Date.now() % 1e8).padStart(8, "0")}${String(serial).padStart(4, "0")}`;
  await db.user.create({
    data: {
      id: userId,
      email: `cache-${userId}@alpha.test`,
      name: "Cache Test",
      passwordHash: FIXTURE_PASSWORD_HASH,
      role: "broker",
      permissions: JSON.stringify(PERMISSIONS),
      teamId: TEAMS.alpha.id,
      createdAt: new Date(),
    },
  });
  ({ secret } = await createApiKey(db, { userId, name: "cache test" }));
});

afterEach(() => {
  vi.useRealTimers();
});

async function warm(handler: unknown, path: string) {
  for (let i = 0; i < 2; i++) expect((await callRoute(handler, path, { key: secret })).status, path).toBe(200);
}

const COMPANY_PATH = `/api/v1/companies/${COMPANIES[0].id}`;

describe("changes to an API key", () => {
  it.each([
    ["/api/v1/my/indications", listIndications],
    ["/api/v1/my/trades", listTrades],
    ["/api/v1/companies", listCompanies],
    [COMPANY_PATH, getCompany],
    // A page kept whole (the market's tape): answered from memory once its counters are read.
    [`${COMPANY_PATH}/trades`, companyTrades],
  ])("a revoked key gets 401 on its next call to %s", async (path, handler) => {
    await warm(handler, path);
    await revokeApiKey(getDb(), { prefixOrId: secret.slice(0, 12) });
    expectError(await callRoute(handler, path, { key: secret }), "unauthorized");
  });

  it.each([
    ["/api/v1/my/indications", listIndications],
    [`${COMPANY_PATH}/trades`, companyTrades],
  ])("a revoked key gets 401, not 304, for a page of %s it holds", async (path, handler) => {
    await warm(handler, path);
    const etag = (await callRoute(handler, path, { key: secret })).headers.get("etag")!;
    expect((await callRoute(handler, path, { key: secret, headers: { "if-none-match": etag } })).status).toBe(304);
    await revokeApiKey(getDb(), { prefixOrId: secret.slice(0, 12) });
    expectError(await callRoute(handler, path, { key: secret, headers: { "if-none-match": etag } }), "unauthorized");
  });

  it("a revoked key gets 401, not 400, even for a request with bad parameters", async () => {
    await warm(listTrades, "/api/v1/my/trades");
    await revokeApiKey(getDb(), { prefixOrId: secret.slice(0, 12) });
    expectError(await callRoute(listTrades, "/api/v1/my/trades?sort=nonsense", { key: secret }), "unauthorized");
  });

  it("a user moved to another team sees the new team's rows on the next call", async () => {
    await warm(listTrades, "/api/v1/my/trades");
    await getDb().user.update({ where: { id: userId }, data: { teamId: TEAMS.beta.id } });
    const after = await callRoute(listTrades, "/api/v1/my/trades?per_page=100", { key: secret });
    expect(after.status).toBe(200);
    expect((after.body as { total_count: number }).total_count).toBe(teamTrades("beta").length);
  });

  it("a permission taken away is refused on the next call, and given back is granted", async () => {
    await warm(getCompany, COMPANY_PATH);
    await getDb().user.update({ where: { id: userId }, data: { permissions: JSON.stringify([]) } });
    expectError(await callRoute(getCompany, COMPANY_PATH, { key: secret }), "forbidden");
    await getDb().user.update({ where: { id: userId }, data: { permissions: JSON.stringify(PERMISSIONS) } });
    expect((await callRoute(getCompany, COMPANY_PATH, { key: secret })).status).toBe(200);
  });

  it("a key records its use, once a minute", async () => {
    await warm(listIndications, "/api/v1/my/indications");
    const key = () => getDb().apiKey.findFirstOrThrow({ where: { userId } });
    const first = (await key()).lastUsedAt!;
    vi.useFakeTimers({ toFake: ["Date"], now: first.getTime() + 61_000 });
    expect((await callRoute(listIndications, "/api/v1/my/indications", { key: secret })).status).toBe(200);
    expect((await key()).lastUsedAt!.getTime()).toBe(first.getTime() + 61_000);
  });

  // Writes however made (issue 16): SQLite's INSERT OR REPLACE deletes the old row without firing
  // delete triggers, then inserts; PostgreSQL's upsert is an insert that may update. Both must
  // reach the next call (migration 20261127110100_auth_version_every_write).
  const sqlite = process.env.DESK_TEST_DATABASE_KIND !== "postgres";

  it("a key revoked by a replacing insert gets 401 on its next call", async () => {
    await warm(listTrades, "/api/v1/my/trades");
    const db = getDb();
    if (sqlite) {
      await db.$executeRaw`INSERT OR REPLACE INTO api_keys (id, user_id, name, prefix, secret_hash, scopes, created_at, last_used_at, revoked_at)
        SELECT id, user_id, name, prefix, secret_hash, scopes, created_at, last_used_at, created_at FROM api_keys WHERE user_id = ${userId}`;
    } else {
      await db.$executeRaw`INSERT INTO api_keys (id, user_id, name, prefix, secret_hash, scopes, created_at, last_used_at, revoked_at)
        SELECT id, user_id, name, prefix, secret_hash, scopes, created_at, last_used_at, created_at FROM api_keys WHERE user_id = ${userId}
        ON CONFLICT (id) DO UPDATE SET revoked_at = EXCLUDED.revoked_at`;
    }
    expectError(await callRoute(listTrades, "/api/v1/my/trades", { key: secret }), "unauthorized");
  });

  it("a permission taken away from a key by a replacing insert is refused on the next call", async () => {
    // (A user row cannot be replaced so: its keys' foreign keys refuse the delete.)
    await warm(getCompany, COMPANY_PATH);
    const db = getDb();
    if (sqlite) {
      await db.$executeRaw`INSERT OR REPLACE INTO api_keys (id, user_id, name, prefix, secret_hash, scopes, created_at, last_used_at, revoked_at)
        SELECT id, user_id, name, prefix, secret_hash, '[]', created_at, last_used_at, revoked_at FROM api_keys WHERE user_id = ${userId}`;
    } else {
      await db.$executeRaw`INSERT INTO api_keys (id, user_id, name, prefix, secret_hash, scopes, created_at, last_used_at, revoked_at)
        SELECT id, user_id, name, prefix, secret_hash, '[]', created_at, last_used_at, revoked_at FROM api_keys WHERE user_id = ${userId}
        ON CONFLICT (id) DO UPDATE SET scopes = EXCLUDED.scopes`;
    }
    expectError(await callRoute(getCompany, COMPANY_PATH, { key: secret }), "forbidden");
  });

  it("a key whose owner is disabled (a column outside the old trigger list) gets 401 on its next call", async () => {
    await warm(listTrades, "/api/v1/my/trades");
    await getDb().$executeRaw`UPDATE users SET disabled_at = created_at WHERE id = ${userId}`;
    expectError(await callRoute(listTrades, "/api/v1/my/trades", { key: secret }), "unauthorized");
  });
});
