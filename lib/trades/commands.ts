import "server-only";
import { ApiError } from "../schema/errors";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import type { TradeRecord } from "../db/models";
import { versioned, type Versioned } from "../records/read";
import { columnsOfInput, throwRuleIssues, writableOf } from "../records/write-fields";
import { applyChange, applyCreate, createIn, type RecordTable } from "../records/write";
import type { Write } from "../db/transaction";
import { OPS_TRADE_SOURCE, TRADE_SOURCE } from "./queries";
import type { Trade, TradeWithTeam } from "./schema";
import { tradeRuleIssues, WRITABLE_FIELDS, type TradeInput, type TradePatch } from "./write-schema";

/**
 * The write side of trades: a team records and changes its trades; the marketplace team
 * (trades_verify) verifies and unverifies any team's. Each write is one transaction with its
 * audit event (lib/records/write.ts), answered with the trade read as every read reads it
 * (lib/trades/queries.ts); these functions are the only writers of the table (seeds and fixtures
 * aside).
 */

type WritableColumns = Omit<TradeRecord, "id" | "teamId" | "userId" | "isVerified" | "permalinkId" | "createdAt" | "updatedAt">;

/** The columns of writable fields, in their stored form. */
const columnsOf = (input: TradeInput) => columnsOfInput<WritableColumns>(TRADE_SOURCE.fields, input);

/** Where the writes of lib/records/write.ts read and write. */
const TRADES: RecordTable<Trade> = { ...TRADE_SOURCE, permalinkPrefix: "TRD" };

/** POST /my/trades: recorded unverified. */
export async function createTrade(caller: Caller, input: TradeInput): Promise<Versioned<Trade>> {
  requirePermission(caller, REQUIRES.recordTrade);
  return applyCreate(caller, "trade.created", TRADES, input.issuer_id, () => ({ ...columnsOf(input), isVerified: false }));
}

/**
 * One party's trade of a deal's close (lib/deals/commands.ts), in the close's transaction: owned by
 * the party's team and broker, audited as the marketplace team's act, linked to the deal.
 */
export function createDealTrade(write: Write, caller: Caller, owner: { teamId: string; userId: string }, input: TradeInput, dealId: string) {
  return createIn(write, caller, "trade.created", TRADES, owner, () => ({ ...columnsOf(input), isVerified: false, dealId }));
}

/** A trade as the marketplace team changes it: with its team, under the trade's own ETag. */
const OPS_TRADES: RecordTable<TradeWithTeam> = {
  ...OPS_TRADE_SOURCE,
  permalinkPrefix: "TRD",
  version: (trade) => {
    const own = Object.fromEntries(Object.keys(TRADE_SOURCE.fields).map((field) => [field, trade[field as keyof Trade]]));
    return { resource: trade, etag: versioned(own).etag };
  },
};

/** PATCH /my/trades/{id}: a JSON merge patch; a verified trade is the marketplace team's to unverify first. */
export async function updateTrade(caller: Caller, id: string, patch: TradePatch, ifMatch: string | null): Promise<Versioned<Trade>> {
  requirePermission(caller, REQUIRES.changeTrade);
  return applyChange(caller, ifMatch, TRADES, {
    action: "trade.updated",
    id,
    teamId: caller.teamId,
    change: (trade) => {
      if (trade.is_verified) throw new ApiError("trade_verified", "A verified trade cannot be changed; the marketplace team can unverify it.");
      const merged: TradeInput = { ...writableOf<TradeInput>(trade, WRITABLE_FIELDS, trade.issuer.id), ...patch };
      throwRuleIssues(tradeRuleIssues(merged), WRITABLE_FIELDS);
      return columnsOf(merged);
    },
  });
}

/**
 * POST /ops/trades/{id}/verify and /unverify: any team's trade; setting the flag it already has
 * answers the trade unchanged. A change the service makes, not the owner: updated_at only.
 */
export async function setTradeVerified(caller: Caller, id: string, verified: boolean, reason: string | undefined, ifMatch: string | null): Promise<Versioned<TradeWithTeam>> {
  requirePermission(caller, verified ? REQUIRES.verifyTrade : REQUIRES.unverifyTrade);
  return applyChange(caller, ifMatch, OPS_TRADES, {
    action: verified ? "trade.verified" : "trade.unverified",
    id,
    teamId: null,
    change: (trade) => (trade.is_verified === verified ? null : { isVerified: verified }),
    reason,
  });
}
