"use server";

import type { WatchlistEntry } from "@/lib/watchlist/schema";
import { followCompany, unfollowCompany } from "@/lib/watchlist/watchlist";
import { checkId } from "./inputs";
import { runAction, type ActionResult } from "./result";

/** The star's writes: the signed-in user's own watchlist (lib/watchlist/), as PUT and DELETE /my/watchlist/{company_id}. */

export async function followAction(companyId: unknown): Promise<ActionResult<WatchlistEntry>> {
  return runAction(async (caller) => (await followCompany(caller, checkId(companyId, "a company"))).entry);
}

export async function unfollowAction(companyId: unknown): Promise<ActionResult<null>> {
  return runAction(async (caller) => {
    await unfollowCompany(caller, checkId(companyId, "a company"));
    return null;
  });
}
