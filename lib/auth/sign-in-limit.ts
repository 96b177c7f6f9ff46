import type { NextRequest } from "next/server";
import { ApiError } from "../api/errors";
import { getDb } from "../db/client";
import { clientAddress } from "./client-address";
import { normalizeEmail } from "./options";
import { signInRetryAfter } from "./throttle";
import { throttledCode, throttledMessage } from "./throttle-message";

/**
 * The 429 of a throttled credentials sign-in (lib/auth/throttle.ts), answered by the next-auth
 * route before next-auth runs; null lets the request through. The body is what next-auth's client
 * reads (`url`, whose `error` the form turns into its message) plus our error shape.
 */
export async function refuseThrottledSignIn(request: NextRequest): Promise<Response | null> {
  if (request.method !== "POST" || !request.nextUrl.pathname.endsWith("/callback/credentials")) return null;
  let email: string | null;
  try {
    email = normalizeEmail((await request.clone().formData()).get("email"));
  } catch {
    return null; // next-auth answers a malformed body itself
  }
  if (!email) return null;
  const wait = await signInRetryAfter(getDb(), { email, address: clientAddress((name) => request.headers.get(name)) });
  if (wait === 0) return null;
  const code = throttledCode(wait);
  const url = new URL("/sign-in", request.nextUrl.origin);
  url.searchParams.set("error", code);
  const error = new ApiError("rate_limited", throttledMessage(code)!);
  return new Response(JSON.stringify({ url: url.href, ...error.toBody() }), {
    status: error.status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "retry-after": String(wait) },
  });
}
