import { getServerSession } from "next-auth";
import { authOptions } from "./options";

/**
 * The signed-in user's id and session version from the session cookie, or null. Works in server
 * components, server actions and route handlers (it reads the request through next/headers). It
 * only proves who the cookie belongs to; callers load the user (lib/auth/caller.ts) to learn
 * whether it still exists and the session is still valid (lib/auth/sessions.ts).
 */
export async function getSessionClaims(): Promise<{ userId: string; sessionVersion: number } | null> {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  if (typeof id !== "string" || id.length === 0) return null;
  return { userId: id, sessionVersion: session?.sessionVersion ?? 0 };
}
