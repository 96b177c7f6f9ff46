import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/schema/errors";
import { DEFAULT_HISTORY_SORT } from "@/lib/schema/history-params";
import type { Caller } from "@/lib/auth/caller";
import { resourceHistory, type AuditEvent } from "@/lib/audit/events";
import type { Versioned } from "@/lib/records/read";
import { getIndication } from "@/lib/indications/queries";
import type { Indication } from "@/lib/indications/schema";
import { REQUIRES } from "@/lib/auth/requirements";
import { getAnyTeamsTrade, getTrade } from "@/lib/trades/queries";
import type { Trade } from "@/lib/trades/schema";

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The indication or trade of a detail page, loaded once per request (layout and page both ask):
 * an unknown id, or another team's, is the 404 page, as the API's 404.
 */
async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
}

export const loadIndicationForPage = cache((caller: Caller, id: string): Promise<Versioned<Indication>> => orNotFound(getIndication(caller, id)));
/** A trade page's trade; `team` is set when it is another team's, shown read only to the marketplace team. */
export type TradeForPage = Versioned<Trade> & { team: { id: string; name: string } | null };

export const loadTradeForPage = cache(async (caller: Caller, id: string): Promise<TradeForPage> => {
  try {
    // The team's own trade first: its ETag is the one the edit form sends back (GET /my/trades/{id}'s).
    return { ...(await getTrade(caller, id)), team: null };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    if (!caller.permissions.includes(REQUIRES.viewEveryTeamsTrade.permission)) notFound();
  }
  const {
    resource: { team, ...trade },
    etag,
  } = await orNotFound(getAnyTeamsTrade(caller, id));
  return { resource: trade, etag, team };
});

/** Enough events for any one resource's timeline in practice; the API pages through more. */
const HISTORY_LIMIT = 100;

/** A resource's audit events, oldest first, from its team's trail (as GET …/history). */
export async function historyOf(teamId: string, resourceId: string): Promise<{ items: AuditEvent[]; total: number }> {
  return resourceHistory(teamId, resourceId, { page: 1, per_page: HISTORY_LIMIT, occurred_from: undefined, occurred_to: undefined, sort: DEFAULT_HISTORY_SORT });
}
