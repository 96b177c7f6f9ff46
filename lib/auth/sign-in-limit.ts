import "server-only";
import type { NextRequest } from "next/server";
import { signIn, type PlainAnswer } from "desk-process-state";
import { unstorable } from "../schema/body";
import { ApiError } from "../schema/errors";
import { sentence } from "../schema/messages";
import { getDb } from "../db/client";
import { FIXED_SECURITY_HEADERS, HSTS, isHttpsRequest, NON_PAGE_CSP } from "../security/headers";
import { clientAddress } from "./client-address";
import { normalizeEmail } from "./options";
import { knownSignInRetryAfter, signInRetryAfter } from "./throttle";
import { throttledCode, throttledMessage } from "./throttle-message";

/** Reads a request header (lower-case name), as Next.js would see it. */
type HeaderReader = (name: string) => string | null | undefined;

/**
 * The 429 of a throttled credentials sign-in (lib/auth/throttle.ts). The body is what next-auth's
 * client reads (`url`, whose `error` the form turns into its message) plus our error shape.
 */
function throttledAnswer(wait: number, header: HeaderReader, https: boolean): PlainAnswer {
  const code = throttledCode(wait);
  const url = new URL("/sign-in", `${https ? "https" : "http"}://${header("host") ?? "localhost"}`);
  url.searchParams.set("error", code);
  const error = new ApiError("rate_limited", throttledMessage(code)!);
  return {
    status: error.status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "retry-after": String(wait) },
    body: JSON.stringify({ url: url.href, ...error.toBody() }),
  };
}

/**
 * A sign-in's fields as next-auth reads them (next-auth/next/utils.js getBody): JSON or a form by
 * the Content-Type, else none. Undefined when there are none or the JSON is malformed (next-auth
 * answers that itself).
 */
function signInFields(contentType: string | null | undefined, text: string): Record<string, unknown> | undefined {
  if (contentType?.includes("application/json")) {
    try {
      const body: unknown = JSON.parse(text);
      return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
  if (contentType?.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  return undefined;
}

/**
 * A field neither database can take (U+0000, half a surrogate pair: lib/schema/body.ts unstorable):
 * 400 in the error shape, before anything reads the database.
 */
function unstorableAnswer(fields: Record<string, unknown>): PlainAnswer | null {
  const whyOf = (key: string) => unstorable(key) ?? (typeof fields[key] === "string" ? unstorable(fields[key] as string) : undefined);
  const name = Object.keys(fields).find((key) => whyOf(key) !== undefined);
  if (name === undefined) return null;
  const error = ApiError.invalid(name, sentence(name, whyOf(name)!));
  return { status: error.status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }, body: JSON.stringify(error.toBody()) };
}

/**
 * Answered by the next-auth route before next-auth runs: a field next-auth must not pass to the
 * database, then the throttle as the database has it. Null lets the request through.
 */
export async function refuseThrottledSignIn(request: NextRequest): Promise<Response | null> {
  if (request.method !== "POST" || !request.nextUrl.pathname.endsWith("/callback/credentials")) return null;
  const fields = signInFields(request.headers.get("content-type"), await request.clone().text());
  if (!fields) return null;
  const refused = unstorableAnswer(fields);
  if (refused) return new Response(refused.body, { status: refused.status, headers: refused.headers });
  const email = normalizeEmail(fields.email);
  if (!email) return null;
  const header: HeaderReader = (name) => request.headers.get(name);
  const wait = await signInRetryAfter(getDb(), { email, address: clientAddress(header) });
  if (wait === 0) return null;
  const answer = throttledAnswer(wait, header, isHttpsRequest(request.headers));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The same refusal of a credentials sign-in (`POST /api/auth/callback/credentials`) before
 * Next.js runs (server/sign-in-gate.mjs), from what this process already knows:
 * no database read, no route. A flood of guesses at a throttled account then costs a body parse
 * instead of a pass through Next.js, which cost as much CPU as an API call (docs/performance.md,
 * "Sign-in gate"). Null (unknown, not throttled, no e-mail) hands the request to the route.
 * `header` reads a request header as Next.js would see it (x-forwarded-for included).
 */
function refuseKnownThrottledSignIn(header: HeaderReader, body: string): PlainAnswer | null {
  const email = normalizeEmail(signInFields(header("content-type"), body)?.email);
  if (!email) return null;
  const wait = knownSignInRetryAfter({ email, address: clientAddress(header) });
  if (wait === 0) return null;
  const https = isHttpsRequest({ get: (name) => header(name) ?? null });
  const answer = throttledAnswer(wait, header, https);
  // Next.js never sees this answer, so the headers next.config.ts gives every API answer go on here.
  Object.assign(answer.headers, FIXED_SECURITY_HEADERS, { "content-security-policy": NON_PAGE_CSP }, https ? { "strict-transport-security": HSTS } : {});
  return answer;
}

// server/main.mjs is outside the bundle; it finds the gate in server/process-state once the
// sign-in route has loaded.
signIn.gate = refuseKnownThrottledSignIn;
