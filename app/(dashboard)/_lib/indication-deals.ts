import type { Caller } from "@/lib/auth/caller";
import { REQUIRES } from "@/lib/auth/requirements";
import { isOpenStage } from "@/lib/deals/machine";
import { listMatches, type MatchList } from "@/lib/deals/matches";
import { dealList } from "@/lib/deals/queries";
import { dealListParamsSchema, type Deal } from "@/lib/deals/schema";
import { parsePage } from "@/lib/schema/pagination";
import { parseQuery } from "@/lib/schema/params";
import { readPage } from "@/lib/schema/read-page";
import type { Indication } from "@/lib/indications/schema";

/**
 * What an indication's page shows of deals (issue 45): the team's deals as the order's owner, open
 * ones first (GET /my/deals?indication_id=…&role=owner, each stage's), and the orders of other teams
 * that cross it (GET /my/indications/{id}/matches's function). The same lists as the API's.
 */

/** More deals than this on one order are not read on its page (GET /my/deals pages through them). */
const DEALS_SHOWN = "100";

/** The team's deals on its order, open ones first, each part newest first: a closed one still leads to its trades. */
export async function dealsOn(caller: Caller, indicationId: string): Promise<Deal[]> {
  const parsed = parseQuery(dealListParamsSchema, new URLSearchParams({ indication_id: indicationId, role: "owner", per_page: DEALS_SHOWN }));
  if (!parsed.ok) throw parsed.error;
  const deals = parsePage(await readPage(dealList(caller, parsed.value), parsed.value)).items;
  return [...deals.filter((deal) => isOpenStage(deal.stage)), ...deals.filter((deal) => !isOpenStage(deal.stage))];
}

/** The crossing orders of an open indication; null for a caller without `companies` (the endpoint's 403), or a closed one. */
export async function matchesOn(caller: Caller, indication: Indication): Promise<MatchList["matches"] | null> {
  if (indication.stage !== "open" || !caller.permissions.includes(REQUIRES.viewMarket.permission)) return null;
  return (await listMatches(caller, indication.id)).matches;
}
