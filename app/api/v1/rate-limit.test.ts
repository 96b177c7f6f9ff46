import { afterEach, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { callRoute, expectError, sessionCookie } from "@/lib/testing/http";
import { USERS } from "@/lib/testing/fixtures";
import { GET as listCompanies } from "./companies/route";
import { GET as listTrades } from "./my/trades/route";

/**
 * Per-key rate limits (lib/api/rate-limit.ts) through the real route wrapper: the IETF draft's
 * RateLimit-Policy / RateLimit fields on every answer, 429 `rate_limited` in the error shape with
 * Retry-After past the quota, one quota per key (and per user for a session). Each test mints keys
 * of its own; the quota comes from the environment as in production.
 */

let serial = 0;
async function newKey(): Promise<string> {
  serial += 1;
  return (await createApiKey(getDb(), { userId: USERS.alphaBroker.id, name: `rate limit ${serial}` })).secret;
}

afterEach(() => {
  delete process.env.API_RATE_LIMIT;
  delete process.env.API_RATE_LIMIT_WINDOW_SECONDS;
});

describe("API rate limits", () => {
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
