import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { createDb, getDb } from "@/lib/db/client";
import { databaseUrl } from "@/lib/db/url";
import { callRoute } from "@/lib/testing/http";
import { FIXTURE_PASSWORD_HASH, TEAMS } from "@/lib/testing/fixtures";
import { authorizeCredentials } from "./options";
import { hashPassword, verifyPassword } from "./password";
import { recordSignInFailure, SIGN_IN_WINDOW_MS, signInRetryAfter } from "./throttle";
import { throttledMessage } from "./throttle-message";

/**
 * Sign-in throttling (lib/auth/throttle.ts) on the test database: 20 failures per account in 15
 * minutes, a per-address limit, 429 + Retry-After from the sign-in endpoint before any password is
 * checked, successes never counted, counters shared by every process. Each test uses addresses
 * (and, where it fails sign-ins, e-mails) of its own.
 */

const PASSWORD = "fixture-password";
let serial = 0;
function address(): string {
  serial += 1;
  return `198.51.100.${serial}`;
}

/** A user of the test's own: a locked account must not lock other test files out. */
async function newUser(): Promise<string> {
  serial += 1;
  const id = crypto.randomUUID();
  const email = `throttle-${Date.now()}-${serial}@alpha.test`;
  await getDb().user.create({
    data: { id, email, name: "Throttle Test", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: "[]", teamId: TEAMS.alpha.id, createdAt: new Date() },
  });
  return email;
}

afterEach(() => {
  delete process.env.SIGN_IN_ADDRESS_LIMIT;
});

function signInRequest(email: string, from: string, password = "guess") {
  return callRoute(authPost, "/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
    body: new URLSearchParams({ email, password, csrfToken: "x", json: "true" }).toString(),
    params: { nextauth: ["callback", "credentials"] } as never,
  });
}

describe("sign-in throttling", () => {
  it("refuses the 21st attempt on an account after 20 failures, right password or not, with 429 and Retry-After", async () => {
    const email = await newUser();
    const other = await newUser();
    for (let i = 0; i < 20; i++) expect(await authorizeCredentials({ email, password: `wrong-${i}` }, address())).toBeNull();
    await expect(authorizeCredentials({ email, password: PASSWORD }, address())).rejects.toThrow(/^TooManyAttempts\.\d+$/);

    const refused = await signInRequest(email.toUpperCase(), address(), PASSWORD);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    const body = refused.body as { url: string; error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toBe("Too many failed sign-ins for this account or network. Try again in 15 minutes.");
    // next-auth's client reads the error code from `url`; the form shows the same message.
    expect(throttledMessage(new URL(body.url).searchParams.get("error"))).toBe(body.error.message);

    // Other accounts are not affected.
    expect(await authorizeCredentials({ email: other, password: PASSWORD }, address())).not.toBeNull();
  });

  it("limits failures per client address across accounts (SIGN_IN_ADDRESS_LIMIT)", async () => {
    const email = await newUser();
    process.env.SIGN_IN_ADDRESS_LIMIT = "5";
    const from = address();
    for (let i = 0; i < 5; i++) expect(await authorizeCredentials({ email: `spray-${Date.now()}-${i}@nowhere.test`, password: "guess" }, from)).toBeNull();
    await expect(authorizeCredentials({ email: email, password: PASSWORD }, from)).rejects.toThrow(/TooManyAttempts/);
    const refused = await signInRequest(email, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((refused.body as { error: { code: string } }).error.code).toBe("rate_limited");
    // The same account from another address is fine.
    expect(await authorizeCredentials({ email: email, password: PASSWORD }, address())).not.toBeNull();
  });

  it("never counts successful sign-ins", async () => {
    const email = await newUser();
    const from = address();
    for (let i = 0; i < 25; i++) expect(await authorizeCredentials({ email, password: PASSWORD }, from)).not.toBeNull();
    for (let i = 0; i < 19; i++) expect(await authorizeCredentials({ email, password: "wrong" }, from)).toBeNull();
    expect(await authorizeCredentials({ email, password: PASSWORD }, from)).not.toBeNull();
    expect(await authorizeCredentials({ email, password: "wrong" }, from)).toBeNull();
    await expect(authorizeCredentials({ email, password: PASSWORD }, from)).rejects.toThrow(/TooManyAttempts/);
  });

  it("slides: a failure stops counting 15 minutes after it, and the counters are shared by every process", async () => {
    const attempt = { email: `window-${Date.now()}@nowhere.test`, address: address() };
    const start = new Date(Date.now() - 10 * 60 * 1000);
    for (let i = 0; i < 20; i++) await recordSignInFailure(getDb(), attempt, new Date(start.getTime() + i * 1000));
    // Another client, as another process would hold, sees the same count.
    const other = createDb(databaseUrl());
    try {
      const now = new Date(start.getTime() + 20 * 1000);
      expect(await signInRetryAfter(other, attempt, now)).toBe(Math.ceil((SIGN_IN_WINDOW_MS - 20 * 1000) / 1000));
      expect(await signInRetryAfter(other, attempt, new Date(start.getTime() + SIGN_IN_WINDOW_MS + 1))).toBe(0);
    } finally {
      await other.$disconnect();
    }
  });

  it("lets the attempt through (to next-auth) while under the limits", async () => {
    // Only the throttle is exercised here: under the limit the route hands over to next-auth.
    expect(await signInRetryAfter(getDb(), { email: await newUser(), address: address() })).toBe(0);
  });
});

describe("password hashing", () => {
  it("runs off the event loop: the loop stays mostly idle while 8 hashes run", async () => {
    // Event-loop utilisation (time the loop spent running code rather than waiting) is immune to
    // a busy machine, unlike timer gaps. bcryptjs's async API kept the loop busy (about 1.0).
    const before = performance.eventLoopUtilization();
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => hashPassword(`password-${i}`)));
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(`password-${i}`, h)))).toEqual(Array(8).fill(true));
    const { utilization } = performance.eventLoopUtilization(before);
    expect(utilization).toBeLessThan(0.5);
  });

  it("verifies the hashes bcryptjs wrote, refuses wrong passwords and malformed hashes", async () => {
    expect(await verifyPassword(PASSWORD, "$2b$04$YYiASLGFPHqJwDHyldq89.v7AwAgnOYZs2iOFbmLkH.89czHSnrM.")).toBe(true);
    expect(await verifyPassword("wrong", "$2b$04$YYiASLGFPHqJwDHyldq89.v7AwAgnOYZs2iOFbmLkH.89czHSnrM.")).toBe(false);
    expect(await verifyPassword(PASSWORD, "not-a-hash")).toBe(false);
  });
});
