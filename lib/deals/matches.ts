import "server-only";
import { z } from "zod";
import type { Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { requirePermission } from "../auth/caller";
import { crosses } from "../domain/crossing";
import { getIndication } from "../indications/queries";
import { getOrderBook } from "../market/queries";
import { bidEntrySchema, offerEntrySchema } from "../market/schema";

/**
 * GET /my/indications/{id}/matches (docs/api/deals.md, "Matches"): the open orders of other teams
 * in the same company, on the other side, that the caller may see and that cross this one
 * (lib/domain/crossing.ts), best price first: the company's order book as the caller sees it
 * (lib/market/queries.ts), so a match shows exactly what the book shows of it.
 */

/** The book holds at most this many entries a side; deeper ones are far from the best price. */
const MATCH_DEPTH = 200;

export const matchListSchema = z.object({ matches: z.array(z.union([bidEntrySchema.extend({ side: z.literal("bid") }), offerEntrySchema.extend({ side: z.literal("offer") })])) });
export type MatchList = z.infer<typeof matchListSchema>;

export async function listMatches(caller: Caller, id: string): Promise<MatchList> {
  requirePermission(caller, REQUIRES.viewMarket);
  const { resource: mine } = await getIndication(caller, id);
  if (mine.stage !== "open") return { matches: [] };
  const book = await getOrderBook(caller, mine.issuer.id, { depth: MATCH_DEPTH });
  const other = mine.side === "bid" ? ("offer" as const) : ("bid" as const);
  const entries = other === "offer" ? book.offers : book.bids;
  const matches = entries
    .filter((entry) => !entry.own)
    .map((entry) => ({ ...entry, side: other }))
    .filter((entry) => crosses(mine, entry));
  return { matches } as MatchList;
}
