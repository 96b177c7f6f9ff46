import "server-only";
import { newRowId } from "../db/row-id";
import { ApiError } from "../schema/errors";
import { etagMatches } from "../schema/etag";
import { isUuid } from "../schema/params";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { transaction, type Write } from "../db/transaction";
import { getEngine } from "../db/client";
import type { DealRecord, IndicationRecord } from "../db/models";
import { fieldsAs, insertRows, selectRows, updateById } from "../db/write-sql";
import { fromStoredDecimal, toStoredDecimal } from "../domain/decimal";
import { mayKnowBookEntry, storedBookVisibility, viewerOf } from "../domain/book-visibility";
import type { DEAL_KILL_REASONS, DealDeadReason, DealRole, DealStage, Structure } from "../domain/enums";
import { announceChanges } from "../records/write";
import { versioned, type Versioned } from "../records/read";
import type { Change } from "../live/change";
import { createDealTrade } from "../trades/commands";
import { noSuchOrder } from "../market/order";
import { utcToday } from "../market/summary";
import { dealAudience, recordDealEvents, viewAs, viewsOf, type DealStepEvent } from "./events";
import { DEAL_STEPS, OPEN_STAGES, transition } from "./machine";
import { dealViewerOf, PARTY_VIEWER, type DealViewer } from "./naming";
import { noSuchDeal } from "./queries";
import type { Deal, InterestInput, TermsInput } from "./schema";

/**
 * The write side of deals (docs/api/deals.md): asking for an introduction, and every step after.
 * Each is one transaction (lib/db/transaction.ts) that locks the order or the deal, writes both
 * parties' rows, and records the step's audit event for each team told of it (lib/deals/events.ts);
 * the close records both trades in the same transaction. The answer is the deal as the caller sees it.
 */

/** POST /market/indications/{permalink_id}/interests: a deal in stage `requested`. */
export async function requestIntroduction(caller: Caller, permalinkId: string, input: InterestInput): Promise<Versioned<Deal>> {
  requirePermission(caller, REQUIRES.askIntroduction);
  return dealWrite(caller, async (write, now) => {
    const [order] = await selectRows<OrderRow>(write.tx, getEngine().dialect.db.selectFrom("indications").select(fieldsAs(ORDER_FIELDS)).where("permalink_id", "=", permalinkId));
    if (!order || !mayKnowBookEntry(storedBookVisibility(order), viewerOf(caller))) throw noSuchOrder(permalinkId);
    if (order.teamId === caller.teamId) throw new ApiError("own_indication", "This order is your own team's: ask for an introduction on another team's order.");
    await write.lock("indications", order.id);
    if (order.stage !== "open") throw new ApiError("indication_closed", "This order is closed: an introduction is asked for on an open order.");
    const [open] = await selectRows<{ id: string }>(
      write.tx,
      getEngine()
        .dialect.db.selectFrom("deals")
        .select("id")
        .where("indication_id", "=", order.id)
        .where("team_id", "=", caller.teamId)
        .where("role", "=", "requester")
        .where("stage", "in", [...OPEN_STAGES])
        .limit(1),
    );
    if (open) throw new ApiError("deal_exists", `Your team already has an open deal on this order (deal ${open.id}).`);
    checkVolume(input.volume, order);
    const id = newRowId();
    const shared = {
      id,
      stage: "requested",
      issuerId: order.issuerId,
      indicationId: order.id,
      requesterTeamId: caller.teamId,
      requesterUserId: caller.userId,
      ownerTeamId: order.teamId,
      ownerUserId: order.userId,
      requestedVolume: toStoredDecimal(input.volume),
      requestedPricePerShare: input.price_per_share === undefined ? null : toStoredDecimal(input.price_per_share),
      requestedNote: input.note ?? null,
      createdAt: now,
      updatedAt: now,
    };
    await insertRows(write.tx, "deals", [
      { ...shared, teamId: caller.teamId, role: "requester" },
      { ...shared, teamId: order.teamId, role: "owner" },
    ]);
    const audience = await dealAudience(write, { requesterTeamId: caller.teamId, ownerTeamId: order.teamId });
    const event: DealStepEvent = { id, action: "deal.requested", companyId: order.issuerId, reason: null, by: "party", audience, before: null, at: now };
    return { event, viewer: PARTY_VIEWER(caller.teamId) };
  });
}

/** What asking for an introduction reads of the order (lib/db/write-sql.ts: statements of ours, not a model's calls). */
const ORDER_FIELDS = ["id", "teamId", "userId", "issuerId", "stage", "visibility", "privateRecipients", "volume", "minimumVolume"] as const;
type OrderRow = Pick<IndicationRecord, (typeof ORDER_FIELDS)[number]>;

/** The requested volume is at least the order's minimum and at most its volume (stored decimals sort as numbers). */
function checkVolume(volume: string, order: { volume: string; minimumVolume: string | null }): void {
  const stored = toStoredDecimal(volume);
  if (order.minimumVolume !== null && stored < order.minimumVolume) {
    throw ApiError.invalid("volume", `volume must be at least the order's minimum_volume, ${fromStoredDecimal(order.minimumVolume)}; got "${volume}".`);
  }
  if (stored > order.volume) throw ApiError.invalid("volume", `volume must be at most the order's volume, ${fromStoredDecimal(order.volume)}; got "${volume}".`);
}

/** What a step writes beyond its stage, and why (the audit's reason). */
export type StepInput =
  | { step: "accept" | "introduce" }
  | { step: "decline"; reason: string }
  | { step: "withdraw"; reason?: string }
  | { step: "terms"; terms: TermsInput }
  | { step: "close"; won_date: string }
  | { step: "kill"; reason: (typeof DEAL_KILL_REASONS)[number]; note?: string };

/**
 * One step of a deal: a party's (`/my/deals/{id}/…`, the caller's team's row) or the marketplace
 * team's (`/ops/deals/{id}/…`, deals_manage). The stage machine (lib/deals/machine.ts) decides;
 * If-Match is checked against the deal as the caller sees it.
 */
export async function takeDealStep(caller: Caller, id: string, as: "party" | "marketplace", input: StepInput, ifMatch: string | null): Promise<Versioned<Deal>> {
  requirePermission(caller, as === "marketplace" ? REQUIRES.manageDeals : REQUIRES.takeDealStep);
  return dealWrite(caller, async (write, at) => {
    if (!isUuid(id)) throw noSuchDeal(id);
    const dealId = id.toLowerCase();
    await write.lock("deals", dealId);
    const row = await dealRow(write, dealId, as === "party" ? caller.teamId : null);
    if (!row) throw noSuchDeal(id);
    const viewer: DealViewer = as === "marketplace" ? dealViewerOf(caller) : PARTY_VIEWER(caller.teamId);
    const audience = await dealAudience(write, { requesterTeamId: row.requesterTeamId, ownerTeamId: row.ownerTeamId });
    const before = await viewsOf(write, dealId, audience);
    const seen = await viewAs(write, dealId, viewer, audience, before);
    if (ifMatch !== null && seen && !etagMatches(ifMatch, versioned(seen).etag)) {
      throw new ApiError("precondition_failed", "The deal changed since you read it (If-Match does not match its ETag); read it again.");
    }
    const stage = transition(input.step, as === "marketplace" ? "marketplace" : (row.role as DealRole), row.stage as DealStage);
    checkDates(input, row.termsSignDate);
    // Strictly later than the last write, so the step is seen even within one millisecond.
    const now = new Date(Math.max(at.getTime(), row.updatedAt.getTime() + 1));
    const data: Record<string, unknown> = { stage, updatedAt: now, ...stepColumns(input, row.role as DealRole) };
    if (input.step === "introduce") data.introducedAt = now;
    const event: DealStepEvent = { id: dealId, action: DEAL_STEPS[input.step].action, companyId: row.issuerId, reason: reasonOf(input), by: as, audience, before, at: now };
    const trades = input.step === "close" ? await closeTrades(write, caller, row, input.won_date) : { ids: {}, changes: [] };
    await updateById(write.tx, "deals", dealId, { ...data, ...trades.ids });
    return { event, viewer, also: trades.changes };
  });
}

function stepColumns(input: StepInput, role: DealRole): Record<string, unknown> {
  const dead = (reason: DealDeadReason, note: string | undefined) => ({ deadReason: reason, deadNote: note ?? null });
  switch (input.step) {
    case "decline":
      return dead("declined", input.reason);
    case "withdraw":
      return dead("withdrawn", input.reason === undefined ? undefined : `${role === "owner" ? "The owner" : "The requester"}: ${input.reason}`);
    case "kill":
      return dead(input.reason, input.note);
    case "terms":
      return {
        termsPricePerShare: toStoredDecimal(input.terms.price_per_share),
        termsVolume: toStoredDecimal(input.terms.volume),
        termsStructure: input.terms.structure,
        termsSignDate: input.terms.sign_date,
      };
    case "close":
      return { wonDate: input.won_date };
    default:
      return {};
  }
}

/** The trade's rules for its dates (lib/trades/write-schema.ts): a sign date not after today, a won date between it and today (UTC). */
function checkDates(input: StepInput, signDate: string | null): void {
  const today = utcToday();
  if (input.step === "terms" && input.terms.sign_date > today) throw ApiError.invalid("sign_date", `sign_date must not be after today (${today}, UTC); got "${input.terms.sign_date}".`);
  if (input.step !== "close") return;
  if (input.won_date > today) throw ApiError.invalid("won_date", `won_date must not be after today (${today}, UTC); got "${input.won_date}".`);
  if (signDate !== null && input.won_date < signDate) throw ApiError.invalid("won_date", `won_date must not be before the terms' sign_date (${signDate}); got "${input.won_date}".`);
}

function reasonOf(input: StepInput): string | null {
  if (input.step === "decline" || input.step === "withdraw") return input.reason ?? null;
  if (input.step === "kill") return input.note === undefined ? input.reason : `${input.reason}: ${input.note}`;
  return null;
}

/** What a step reads of a deal's row (lib/db/write-sql.ts: a statement of ours, not a model's call). */
const DEAL_FIELDS = ["id", "role", "stage", "issuerId", "indicationId", "requesterTeamId", "requesterUserId", "ownerTeamId", "ownerUserId", "termsPricePerShare", "termsVolume", "termsStructure", "termsSignDate", "updatedAt"] as const;
type DealRow = Pick<DealRecord, (typeof DEAL_FIELDS)[number]>;

/** The deal's row of team `teamId` (a party's), or either party's (null: the marketplace team's). */
async function dealRow(write: Write, dealId: string, teamId: string | null): Promise<DealRow | undefined> {
  let query = getEngine().dialect.db.selectFrom("deals").select(fieldsAs(DEAL_FIELDS)).where("id", "=", dealId);
  if (teamId !== null) query = query.where("team_id", "=", teamId);
  const [row] = await selectRows<DealRow>(write.tx, query.limit(1));
  return row;
}

/** What the close reads of the order: its trades' stock. */
const STOCK_FIELDS = ["stockType", "stockClass", "stockClassType"] as const;

/**
 * The close's two trades (issue 45): one per party, on the terms, the order's stock, unverified,
 * each with its team's broker on the deal as its broker and verification officer. Written in the
 * close's transaction, so a failure between them leaves neither (and the deal in_closing).
 */
async function closeTrades(write: Write, caller: Caller, row: DealRow, wonDate: string) {
  const { db } = getEngine().dialect;
  // The order is the deal's (a foreign key): always there.
  const [order] = await selectRows<Pick<IndicationRecord, (typeof STOCK_FIELDS)[number]>>(write.tx, db.selectFrom("indications").select(fieldsAs(STOCK_FIELDS)).where("id", "=", row.indicationId));
  const brokers = await selectRows<{ id: string; name: string; email: string }>(write.tx, db.selectFrom("users").select(["id", "name", "email"]).where("id", "in", [row.requesterUserId, row.ownerUserId]));
  const tradeOf = async (teamId: string, userId: string) => {
    const broker = brokers.find((user) => user.id === userId)!;
    const input = {
      issuer_id: row.issuerId,
      price_per_share: fromStoredDecimal(row.termsPricePerShare!),
      volume: fromStoredDecimal(row.termsVolume!),
      structure: row.termsStructure as Structure,
      sign_date: row.termsSignDate!,
      won_date: wonDate,
      stock_type: order.stockType as "primary" | "secondary",
      stock_class_type: order.stockClassType as "common" | "preferred",
      stock_class: order.stockClass,
      attributed_to_owner: false,
      verification_officer_name: broker.name,
      verification_officer_email: broker.email,
      carried_interest_fee_percent: null,
      management_fee_percent: null,
      client_id: null,
      third_party_id: null,
      details: null,
    };
    return createDealTrade(write, caller, { teamId, userId }, input, row.id);
  };
  const requester = await tradeOf(row.requesterTeamId, row.requesterUserId);
  const owner = await tradeOf(row.ownerTeamId, row.ownerUserId);
  return { ids: { requesterTradeId: requester.state.resource.id, ownerTradeId: owner.state.resource.id }, changes: [requester.change, owner.change] };
}

/**
 * A deal's write: `work` makes it inside one transaction and says what happened; the step's events
 * are recorded for every team told, in the same transaction, and announced once it commits. The
 * answer is the deal as `viewer` (the caller) sees it.
 */
async function dealWrite(caller: Caller, work: (write: Write, now: Date) => Promise<{ event: DealStepEvent; viewer: DealViewer; also?: Change[] }>): Promise<Versioned<Deal>> {
  let changes: Change[] = [];
  const deal = await transaction(async (write) => {
    const { event, viewer, also = [] } = await work(write, new Date());
    const recorded = await recordDealEvents(write, caller, event);
    changes = [...also, ...recorded.changes];
    return (await viewAs(write, event.id, viewer, event.audience, recorded.after))!;
  });
  announceChanges(changes);
  return versioned(deal);
}
