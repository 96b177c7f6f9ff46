import { getServerSession } from "next-auth";
import { authOptions } from "./options";

/**
 * The signed-in user's id from the session cookie, or null. Works in server components, server
 * actions and route handlers (it reads the request through next/headers). It only proves who the
 * cookie belongs to; callers load the user (lib/auth/caller.ts) to learn whether it still exists.
 */
export async function getSessionUserId(): Promise<string | null> {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  return typeof id === "string" && id.length > 0 ? id : null;
}
