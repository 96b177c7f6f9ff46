import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { withDatabaseErrors } from "@/lib/http/handler";
import { sessionCaller } from "@/lib/auth/caller";
import { authOptions } from "@/lib/auth/options";
import { refuseThrottledSignIn } from "@/lib/auth/sign-in-limit";

// next-auth's endpoints: /api/auth/csrf, /signin, /callback/<provider>, /session, /signout, ...
const handler = NextAuth(authOptions);
type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth's session endpoint (GET, and POST for update()) only checks the cookie's signature:
// a session that ended (sign-out everywhere, a disabled user) would still read as signed in. It
// is answered as next-auth answers a signed-out browser instead.
async function endedSession(request: NextRequest): Promise<Response | null> {
  if (!request.nextUrl.pathname.endsWith("/session") || (await sessionCaller(request))) return null;
  return Response.json({}, { headers: { "cache-control": "no-store" } });
}

async function GET(request: NextRequest, context: Context) {
  return withDatabaseErrors(request, async () => (await endedSession(request)) ?? handler(request, context));
}

// A throttled credentials sign-in is answered 429 before next-auth checks any password; the
// throttle reads the database first, so an unreachable one answers 503 there.
async function POST(request: NextRequest, context: Context) {
  return withDatabaseErrors(request, async () => (await endedSession(request)) ?? (await refuseThrottledSignIn(request)) ?? handler(request, context));
}

export { GET, POST };
