import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";

/**
 * Next 16's request proxy (formerly middleware): every page needs a session. Without a valid
 * session cookie the browser is sent to /sign-in with the page it asked for as callbackUrl.
 *
 * Not covered (see `config.matcher` and `isPublicPath`): /sign-in itself; /api/* (the API answers
 * 401 JSON on its own, a redirect would break API clients, and next-auth lives there); /logos/*
 * (images, also used by API consumers); /_next/* and static files.
 *
 * This is the first gate only. Pages load the user again (lib/auth/caller.ts) and redirect when
 * it no longer exists; server actions check the caller themselves.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isPublicPath(pathname)) return NextResponse.next();

  const token = await getToken({ req: request, secret: authSecret() });
  if (token?.sub) return NextResponse.next();

  const target = new URL(request.nextUrl.pathname, request.url);
  for (const [key, value] of request.nextUrl.searchParams) if (key !== "_rsc") target.searchParams.append(key, value);
  const signIn = new URL("/sign-in", request.url);
  signIn.searchParams.set("callbackUrl", `${target.pathname}${target.search}`);
  return NextResponse.redirect(signIn);
}

const STATIC_FILE = /\.(?:svg|png|jpe?g|gif|webp|avif|ico|txt|xml|webmanifest|json|css|js|map|woff2?)$/i;

export function isPublicPath(pathname: string): boolean {
  return (
    pathname === "/sign-in" ||
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
