import "server-only";
import { ApiError } from "../schema/errors";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { getEngine } from "../db/client";
import { readItem, type ItemSource } from "../db/item";
import { template } from "../db/sql";
import { ISSUER_JOIN, TEAM_JOIN } from "../records/joins";
import { mayKnowBookEntry, storedBookVisibility, viewerOf } from "../domain/book-visibility";
import type { Side } from "../domain/enums";
import type { MarketIndication } from "./schema";
import { MARKET_ORDER_FIELDS } from "./serializer";
import { BOOK_ENTRY_COMPUTED } from "./visibility";

/**
 * GET /market/indications/{permalink_id} (docs/api/deals.md, "One order"): the order a permalink
 * names, as the book shows it to the caller, open or closed. Who may know it is the book's one
 * rule (mayKnowBookEntry); its fields are the book entry's serializer, read alone.
 */

/** The order's row and side (which fields it has). */
const byPermalink = template<"permalink">((dialect, slot) =>
  dialect.db.selectFrom("indications as t").select(["t.id as id", "t.side as side"]).where("t.permalink_id", "=", slot("permalink")),
);

// The company is joined as `company` (the field's name), the team as the book's computed `team` reads it.
const COMPANY_JOIN = { ...ISSUER_JOIN, as: "company" };
const source = (side: Side): ItemSource<MarketIndication> => ({
  table: "indications",
  fields: MARKET_ORDER_FIELDS[side] as ItemSource<MarketIndication>["fields"],
  computed: BOOK_ENTRY_COMPUTED,
  joins: [COMPANY_JOIN, TEAM_JOIN],
  // What decides who may know it, read with the very row answered.
  columns: { teamId: "team_id", visibility: "visibility", privateRecipients: "private_recipients" },
});
type StoredVisibility = Parameters<typeof storedBookVisibility>[0];
const SOURCES: Record<Side, ItemSource<MarketIndication>> = { bid: source("bid"), offer: source("offer") };

/** Unknown, and not shared with the caller, alike: the answer never tells that a private order exists. */
export const noSuchOrder = (permalinkId: string) => ApiError.notFound(`No order with permalink ${permalinkId} that you may see.`);

export async function getMarketIndication(caller: Caller, permalinkId: string, engine = getEngine()): Promise<MarketIndication> {
  requirePermission(caller, REQUIRES.viewMarket);
  const [order] = await engine.run<{ id: string; side: Side }>(byPermalink(engine.dialect, { permalink: permalinkId }));
  const found = order && (await readItem(engine.run, engine.dialect, SOURCES[order.side], { id: order.id, values: { viewer_team: caller.teamId } }));
  if (!found || !mayKnowBookEntry(storedBookVisibility(found.columns as StoredVisibility), viewerOf(caller))) throw noSuchOrder(permalinkId);
  return found.item;
}
