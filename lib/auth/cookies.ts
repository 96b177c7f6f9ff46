import type { NextAuthOptions } from "next-auth";
import { httpsByConfig, type Env } from "../security/headers";

/**
 * next-auth's cookies. Over HTTPS (NEXTAUTH_URL https) the session and callback cookies are
 * `__Host-` cookies: Secure, path /, no Domain, so neither another subdomain nor a plain-HTTP
 * page can set or overwrite them (next-auth's default is the weaker `__Secure-`); the CSRF cookie
 * already is one. Over plain HTTP (local use) they keep next-auth's plain names.
 */
export function sessionCookieName(env: Env = process.env): string {
  return httpsByConfig(env) ? "__Host-next-auth.session-token" : "next-auth.session-token";
}

export function authCookies(env: Env = process.env): NextAuthOptions["cookies"] {
  if (!httpsByConfig(env)) return undefined;
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: true };
  return {
    sessionToken: { name: sessionCookieName(env), options },
    callbackUrl: { name: "__Host-next-auth.callback-url", options },
  };
}

/** getToken's options for reading the session cookie where next-auth's helpers are not used. */
export function sessionCookieOptions(env: Env = process.env): { cookieName: string; secureCookie: boolean } {
  return { cookieName: sessionCookieName(env), secureCookie: httpsByConfig(env) };
}
