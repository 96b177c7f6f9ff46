import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { ORIGIN } from "@/lib/testing/http";
import { refuseThrottledSignIn } from "./sign-in-limit";
import { recordSignInFailure } from "./throttle";

/** The sign-in route's own refusal (before next-auth runs) reads the body as next-auth does: a form or JSON. */
describe("refuseThrottledSignIn", () => {
  const signIn = (contentType: string, body: string) =>
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, { method: "POST", headers: { "content-type": contentType, "x-forwarded-for": "192.0.2.9" }, body });

  it("answers a throttled account 429 with Retry-After whether the body is a form or JSON", async () => {
    const email = `route-throttled-${Date.now()}@nowhere.test`;
    for (let i = 0; i < 20; i++) await recordSignInFailure(getDb(), { email, address: "203.0.113.90" });
    for (const request of [
      signIn("application/x-www-form-urlencoded", new URLSearchParams({ email, password: "guess" }).toString()),
      signIn("application/json", JSON.stringify({ email: email.toUpperCase(), password: "guess" })),
    ]) {
      const answer = (await refuseThrottledSignIn(request))!;
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("lets an unthrottled sign-in, malformed JSON or another content type through to next-auth", async () => {
    const email = `route-free-${Date.now()}@nowhere.test`;
    expect(await refuseThrottledSignIn(signIn("application/json", JSON.stringify({ email, password: "x" })))).toBeNull();
    expect(await refuseThrottledSignIn(signIn("application/json", "{"))).toBeNull();
    expect(await refuseThrottledSignIn(signIn("text/plain", `email=${email}`))).toBeNull();
  });
});
