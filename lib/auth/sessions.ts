import "server-only";
import type { Db } from "../db/client";

/**
 * Revocable sessions. Session cookies are signed JWTs the server does not store, so a cookie
 * cannot be deleted from the server side; instead each user has a `session_version`, a cookie
 * carries the version it was issued under (claim `sv`), and the user row that every page and
 * every API call with a cookie loads anyway (lib/auth/caller.ts) refuses a cookie whose version
 * is not the current one. Bumping the version ends every session of the user at their next
 * request: sign-out, a password change, a permission taken away, the user disabled
 * (lib/users/commands.ts). A cookie minted before versions existed has no `sv` and counts as 0.
 */

export const SESSION_VERSION_CLAIM = "sv";

/** The session version a token carries (0 for tokens from before versions existed). */
export function tokenSessionVersion(token: Record<string, unknown> | null | undefined): number {
  const value = token?.[SESSION_VERSION_CLAIM];
  return typeof value === "number" && Number.isInteger(value) ? value : 0;
}

/** Whether a session issued under `tokenVersion` is still valid for this user row. */
export function sessionStillValid(user: { sessionVersion: number; disabledAt: Date | null }, tokenVersion: number): boolean {
  return user.disabledAt === null && user.sessionVersion === tokenVersion;
}

/**
 * Ends every session of the user. With `onlyIfVersion`, only while the sessions are still at
 * that version: a stale cookie's sign-out must not end the user's newer sessions.
 */
export async function endSessions(db: Db, userId: string, onlyIfVersion?: number): Promise<void> {
  await db.user.updateMany({
    where: { id: userId, ...(onlyIfVersion === undefined ? {} : { sessionVersion: onlyIfVersion }) },
    data: { sessionVersion: { increment: 1 } },
  });
}
