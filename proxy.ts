import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { sessionCookieOptions } from "@/lib/auth/cookies";
import { authSecret } from "@/lib/auth/secret";
import { isSameOriginWrite } from "@/lib/auth/same-origin";
import { API_DOCS_PATH, errorBodyOf } from "@/lib/schema/error-body.mjs";
import { HSTS, isHttpsRequest, pageCsp } from "@/lib/security/headers";

/**
 * Next 16's request proxy (formerly middleware), for every page:
 *
 * 1. Content-Security-Policy with a fresh nonce (lib/security/headers.ts). It is set on the
 *    request too: Next.js reads the nonce from there and puts it on the scripts it renders. The
 *    fixed security headers come from next.config.ts, on every path.
 * 2. A request to a page that can write (any method but GET, HEAD, OPTIONS: a server action,
 *    with JavaScript or as a plain form post) must come from the dashboard itself, as the API's
 *    session writes must (lib/auth/same-origin.ts): otherwise 403 in the error shape, before Next.js
 *    runs the action. Next's own check lets a request without Origin through, and answers a
 *    foreign one with a 500.
 * 3. A page needs a session: without a valid session cookie the browser is sent to /sign-in with
 *    the page it asked for as callbackUrl.
 *
 * Not covered (see `config.matcher` and `isPublicPath`): /sign-in and the API reference
 * (/docs/api.md) need no session; /api/* (the
 * API answers 401 JSON on its own, a redirect would break API clients, and next-auth lives
 * there); /logos/* (images, also used by API consumers); /_next/* and static files.
 *
 * This is the first gate only. Pages load the user again (lib/auth/caller.ts) and redirect when
 * it no longer exists or its session was ended; server actions check the caller themselves.
 */
export async function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const https = isHttpsRequest(request.headers);
  const csp = pageCsp(nonce, { dev: process.env.NODE_ENV === "development", https });
  const secure = (response: NextResponse) => {
    response.headers.set("content-security-policy", csp);
    if (https) response.headers.set("strict-transport-security", HSTS);
    return response;
  };

  if (!isSameOriginWrite(request)) {
    return secure(NextResponse.json(errorBodyOf("forbidden", "A form of this site must be sent from this site."), { status: 403, headers: { "cache-control": "no-store" } }));
  }

  const { pathname } = request.nextUrl;
  const pass = () => {
    const headers = new Headers(request.headers);
    headers.set("x-nonce", nonce);
    headers.set("content-security-policy", csp);
    return secure(NextResponse.next({ request: { headers } }));
  };
  if (isPublicPath(pathname)) return pass();

  const token = await getToken({ req: request, secret: authSecret(), ...sessionCookieOptions() });
  if (token?.sub) return pass();

  const target = new URL(request.nextUrl.pathname, request.url);
  for (const [key, value] of request.nextUrl.searchParams) if (key !== "_rsc") target.searchParams.append(key, value);
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("callbackUrl", `${target.pathname}${target.search}`);
  return secure(NextResponse.redirect(signIn));
}

const STATIC_FILE = /\.(?:svg|png|jpe?g|gif|webp|avif|ico|txt|xml|webmanifest|json|css|js|map|woff2?)$/i;

export function isPublicPath(pathname: string): boolean {
  return (
    pathname === "/sign-in" ||
    // The API reference, where every error's doc_url points (app/docs/api.md).
    pathname === API_DOCS_PATH ||
    pathname.startsWith("/sign-in/") ||
    pathname === "/api" ||
    pathname.startsWith("/api/") ||
    pathname.startsWith("/logos/") ||
    pathname.startsWith("/_next/") ||
    STATIC_FILE.test(pathname)
  );
}

export const config = {
  // Skip the proxy entirely for the hot paths that never need it (API, logos, build assets).
  matcher: ["/((?!api/|_next/|logos/).*)"],
};
