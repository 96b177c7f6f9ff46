import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { consumeRateLimit, RATE_LIMIT_STORES } from "@/lib/http/rate-limit";
import { resolveCaller } from "@/lib/auth/caller";
import { createDb, getDb } from "@/lib/db/client";
import { callRoute, expectError, ORIGIN, sessionCookie } from "@/lib/testing/http";
import { USERS } from "@/lib/testing/fixtures/accounts";
import { GET as listCompanies } from "./companies/route";
import { GET as listTrades } from "./my/trades/route";

/**
 * Per-key rate limits (lib/http/rate-limit.ts) through the real route wrapper: the IETF draft's
 * RateLimit-Policy / RateLimit fields on every answer, 429 `rate_limited` in the error shape with
 * Retry-After past the quota, one quota per key (and per user for a session). Each test mints keys
 * of its own; the quota and the store come from the environment as in production, and every test
 * runs with each store (in the process; in the database, shared by every instance).
 */

let serial = 0;
async function newKey(): Promise<string> {
  serial += 1;
  return (await createApiKey(getDb(), { userId: USERS.alphaBroker.id, name: `rate limit ${serial}` })).secret;
}

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
  delete process.env.API_RATE_LIMIT_WINDOW_SECONDS;
  delete process.env.API_RATE_LIMIT_STORE;
});

describe.each(RATE_LIMIT_STORES)("API rate limits, %s store", (store) => {
  beforeEach(() => {
    process.env.API_RATE_LIMIT_STORE = store;
  });

  it("counts down in RateLimit, then answers 429 in the error shape with Retry-After; other keys are unaffected", async () => {
    process.env.API_RATE_LIMIT = "3";
    process.env.API_RATE_LIMIT_WINDOW_SECONDS = "60";
    const key = await newKey();
    for (const remaining of [2, 1, 0]) {
      const ok = await callRoute(listTrades, "/api/v1/my/trades", { key });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("ratelimit-policy")).toBe('"per-key";q=3;w=60');
      expect(ok.headers.get("ratelimit")).toMatch(new RegExp(`^"per-key";r=${remaining};t=\\d+$`));
    }
    const refused = await callRoute(listCompanies, "/api/v1/companies", { key });
    expectError(refused, "rate_limited", null);
    expect((refused.body as { error: { message: string } }).error.message).toMatch(/3 requests per 60 s/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit")).toBe(`"per-key";r=0;t=${retryAfter}`);
    expect(refused.headers.get("ratelimit-policy")).toBe('"per-key";q=3;w=60');

    expect((await callRoute(listTrades, "/api/v1/my/trades", { key: await newKey() })).status).toBe(200);
  });

  it("gives a 304's unit back: conditional reads that end in 304 never use up the quota", async () => {
    process.env.API_RATE_LIMIT = "3";
    const key = await newKey();
    const first = await callRoute(listTrades, "/api/v1/my/trades", { key });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit")).toMatch(/^"per-key";r=2;/);
    const headers = { "if-none-match": first.headers.get("etag")! };
    // Twice the quota in 304s: each is counted on the way in and given back with its answer.
    for (let i = 0; i < 6; i++) {
      const unchanged = await callRoute(listTrades, "/api/v1/my/trades", { key, headers });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get("ratelimit")).toMatch(/^"per-key";r=2;/);
    }
    expect((await callRoute(listTrades, "/api/v1/my/trades?per_page=5", { key })).status).toBe(200);
    expect((await callRoute(listTrades, "/api/v1/my/trades?per_page=6", { key })).status).toBe(200);
    // A 200 still counts: the quota is spent, and a conditional read is refused like any other.
    expectError(await callRoute(listTrades, "/api/v1/my/trades", { key, headers }), "rate_limited");
  });

  it("limits a browser session on the API per user", async () => {
    process.env.API_RATE_LIMIT = "2";
    const cookie = await sessionCookie(USERS.gammaBroker.id);
    for (let i = 0; i < 2; i++) expect((await callRoute(listTrades, "/api/v1/my/trades", { headers: { cookie } })).status).toBe(200);
    expectError(await callRoute(listTrades, "/api/v1/my/trades", { headers: { cookie } }), "rate_limited");
  });

  it("is generous by default (6,000 a minute) and off with API_RATE_LIMIT=0", async () => {
    const key = await newKey();
    const answer = await callRoute(listTrades, "/api/v1/my/trades", { key });
    expect(answer.headers.get("ratelimit-policy")).toBe('"per-key";q=6000;w=60');
    process.env.API_RATE_LIMIT = "0";
    const off = await callRoute(listTrades, "/api/v1/my/trades", { key });
    expect(off.status).toBe(200);
    expect(off.headers.get("ratelimit")).toBeNull();
  });
});

describe("the database store", () => {
  it("keeps the count in the database: another instance's limiter (another client) goes on from it", async () => {
    Object.assign(process.env, { API_RATE_LIMIT_STORE: "database", API_RATE_LIMIT: "3" });
    const key = await newKey();
    for (let i = 0; i < 2; i++) expect((await callRoute(listTrades, "/api/v1/my/trades", { key })).status).toBe(200);
    const other = createDb(process.env.DATABASE_URL);
    try {
      const caller = await resolveCaller(new Request(`${ORIGIN}/api/v1/my/trades`, { headers: { authorization: `Bearer ${key}` } }));
      expect((await consumeRateLimit(caller, process.env, other))?.headers.ratelimit).toMatch(/^"per-key";r=0;/);
    } finally {
      await other.$disconnect();
    }
    expectError(await callRoute(listTrades, "/api/v1/my/trades", { key }), "rate_limited");
    expect(await getDb().rateLimit.count({ where: { key: { startsWith: "api:key:" } } })).toBeGreaterThan(0);
  });

  it("refuses a store it does not know (a typo must not silently split the quota per instance)", async () => {
    const caller = await resolveCaller(new Request(`${ORIGIN}/api/v1/my/trades`, { headers: { authorization: `Bearer ${await newKey()}` } }));
    await expect(consumeRateLimit(caller, { ...process.env, API_RATE_LIMIT_STORE: "databse" })).rejects.toThrow(/^API_RATE_LIMIT_STORE must be one of memory, database/);
  });
});
