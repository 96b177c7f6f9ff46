import "server-only";
import type { Caller } from "../auth/caller";
import { getDb } from "../db/client";

/** The people and teams the dashboard's filters offer as choices. */

/** Every member of the caller's team, by name: the review's broker filter. */
export function teamMembers(caller: Caller): Promise<{ id: string; name: string }[]> {
  return getDb().user.findMany({ where: { teamId: caller.teamId }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

/** Every team, by name: the verification queue's team filter (the marketplace team sees them all). */
export function allTeams(): Promise<{ id: string; name: string }[]> {
  return getDb().team.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
