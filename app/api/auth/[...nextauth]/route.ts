import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { withDatabaseErrors } from "@/lib/api/handler";
import { sessionCaller } from "@/lib/auth/caller";
import { authOptions } from "@/lib/auth/options";
import { refuseThrottledSignIn } from "@/lib/auth/sign-in-limit";

// next-auth's endpoints: /api/auth/csrf, /signin, /callback/<provider>, /session, /signout, ...
const handler = NextAuth(authOptions);

// A throttled credentials sign-in is answered 429 before next-auth checks any password; the
// throttle reads the database first, so an unreachable one answers 503 there.
async function POST(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) {
  return withDatabaseErrors(request, async () => (await refuseThrottledSignIn(request)) ?? handler(request, context));
}

// next-auth's own session endpoint only checks the cookie's signature: a session that ended
// (sign-out everywhere, a disabled user) would still read as signed in. Answered as next-auth
// answers a signed-out browser instead.
async function GET(request: NextRequest, context: { params: Promise<{ nextauth: string[] }> }) {
  return withDatabaseErrors(request, async () => {
    if (request.nextUrl.pathname.endsWith("/session") && !(await sessionCaller(request))) return Response.json({}, { headers: { "cache-control": "no-store" } });
    return handler(request, context);
  });
}

export { GET, POST };
