import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/schema/errors";
import type { Caller } from "@/lib/auth/caller";
import { resourceHistory, type AuditEvent } from "@/lib/audit/events";
import type { Versioned } from "@/lib/deals/read";
import { getIndication } from "@/lib/indications/queries";
import type { Indication } from "@/lib/indications/schema";
import { getTrade } from "@/lib/trades/queries";
import type { Trade } from "@/lib/trades/schema";

/**
 * The indication or trade of a detail page, loaded once per request (layout and page both ask):
 * an unknown id, or another team's, is the 404 page, as the API's 404.
 */
async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) notFound();
    throw error;
  }
}

export const loadIndicationForPage = cache((caller: Caller, id: string): Promise<Versioned<Indication>> => orNotFound(getIndication(caller, id)));
export const loadTradeForPage = cache((caller: Caller, id: string): Promise<Versioned<Trade>> => orNotFound(getTrade(caller, id)));

/** Enough events for any one resource's timeline in practice; the API pages through more. */
const HISTORY_LIMIT = 100;

/** A resource's audit events, oldest first (the caller's team only, as GET …/history). */
export async function historyOf(caller: Caller, resourceId: string): Promise<{ items: AuditEvent[]; total: number }> {
  return resourceHistory(caller.teamId, resourceId, { page: 1, per_page: HISTORY_LIMIT });
}
