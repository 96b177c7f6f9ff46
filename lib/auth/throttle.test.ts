import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { createDb, getDb } from "@/lib/db/client";
import { databaseUrl } from "@/lib/db/url";
import { callRoute } from "@/lib/testing/http";
import { FIXTURE_PASSWORD_HASH, TEAMS } from "@/lib/testing/fixtures/accounts";
import { authorizeCredentials } from "./options";
import { hashConcurrency, hashPassword, passwordHashLoad, verifyPassword } from "./password";
import { knownSignInRetryAfter, recordSignInFailure, SIGN_IN_WINDOW_MS, signInRetryAfter } from "./throttle";
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

  it("holds the limit against guesses that arrive together: of 40 at once, at most 20 are checked", async () => {
    const email = await newUser();
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => authorizeCredentials({ email, password: `wrong-${i}` }, address())));
    const checked = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected" && /^Error: TooManyAttempts\.\d+$/.test(String(r.reason)));
    expect(checked.length).toBeLessThanOrEqual(20);
    expect(refused).toHaveLength(40 - checked.length);
    // A refusal is not a failure: only the checked guesses are counted, and no throttle is left
    // that the database does not hold (racing guesses may all be refused, as on PostgreSQL).
    expect(await getDb().signInFailure.count({ where: { subject: `account:${email}` } })).toBe(checked.length);
    const next = authorizeCredentials({ email, password: PASSWORD }, address());
    if (checked.length < 20) expect(await next).not.toBeNull();
    else await expect(next).rejects.toThrow(/TooManyAttempts/);
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

  it("remembers a throttle it read until it ends: refusals then need no database read", async () => {
    const attempt = { email: `known-${Date.now()}@nowhere.test`, address: address() };
    const start = new Date(Date.now() - 60 * 1000);
    for (let i = 0; i < 20; i++) await recordSignInFailure(getDb(), attempt, new Date(start.getTime() + i * 1000));
    expect(knownSignInRetryAfter(attempt)).toBe(0);
    const now = new Date();
    const wait = await signInRetryAfter(getDb(), attempt, now);
    expect(wait).toBe(Math.ceil((start.getTime() + SIGN_IN_WINDOW_MS - now.getTime()) / 1000));
    expect(knownSignInRetryAfter(attempt, now)).toBe(wait);
    // Nothing removes a failure before it expires, so this process need not look again: were the
    // rows gone, it would still refuse...
    await getDb().signInFailure.deleteMany({ where: { subject: `account:${attempt.email}` } });
    expect(await signInRetryAfter(getDb(), attempt, now)).toBe(wait);
    // ...until the throttle it read ends; then it reads the database again.
    const later = new Date(start.getTime() + SIGN_IN_WINDOW_MS + 1);
    expect(knownSignInRetryAfter(attempt, later)).toBe(0);
    expect(await signInRetryAfter(getDb(), attempt, later)).toBe(0);
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

  it("runs at most PASSWORD_HASH_CONCURRENCY hashes at a time (default: one core fewer than the machine has)", async () => {
    expect(hashConcurrency({ PASSWORD_HASH_CONCURRENCY: "3" })).toBe(3);
    expect(hashConcurrency({ PASSWORD_HASH_CONCURRENCY: "zero" })).toBe(hashConcurrency({}));
    expect(hashConcurrency({})).toBeGreaterThanOrEqual(1);
    const limit = hashConcurrency();
    const checks = Array.from({ length: limit + 3 }, (_, i) => verifyPassword(`guess-${i}`, FIXTURE_PASSWORD_HASH));
    expect(passwordHashLoad()).toEqual({ running: limit, waiting: 3 });
    expect(await Promise.all(checks)).toEqual(Array(limit + 3).fill(false));
    expect(passwordHashLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it.runIf(process.platform === "linux")("hashes at a lower CPU priority than the requests: its threads run at nice +10", async () => {
    await verifyPassword("guess", FIXTURE_PASSWORD_HASH);
    const nice = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16]);
    const threads = readdirSync("/proc/self/task").map(nice);
    expect(threads.filter((n) => n === 10)).toHaveLength(hashConcurrency());
    expect(nice(String(process.pid))).toBe(0);
  });

  it("verifies the hashes bcryptjs wrote, refuses wrong passwords and malformed hashes", async () => {
    expect(await verifyPassword(PASSWORD, "$2b$04$YYiASLGFPHqJwDHyldq89.v7AwAgnOYZs2iOFbmLkH.89czHSnrM.")).toBe(true);
    expect(await verifyPassword("wrong", "$2b$04$YYiASLGFPHqJwDHyldq89.v7AwAgnOYZs2iOFbmLkH.89czHSnrM.")).toBe(false);
    expect(await verifyPassword(PASSWORD, "not-a-hash")).toBe(false);
  });
});
