import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "../schema/errors";
import { rowToApi } from "../schema/fields";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import type { Tx } from "../audit/events";
import { getDb, type Db } from "../db/client";
import type { TradeRecord } from "../db/models";
import { storedDealId } from "../deals/common";
import { columnsOfInput, throwRuleIssue, writableOf } from "../deals/write-fields";
import { applyChange, applyCreate, newPermalink, versioned, type DealTable, type Versioned } from "../deals/write";
import type { Trade, TradeWithTeam } from "./schema";
import { TRADE_FIELDS } from "./serializer";
import { tradeRuleIssues, WRITABLE_FIELDS, type TradeInput, type TradePatch } from "./write-schema";

/**
 * The write side of trades: a team records and changes its trades; the marketplace team
 * (trades_verify) verifies and unverifies any team's. Each write is one transaction with its
 * audit event (lib/deals/write.ts); these functions are the only writers of the table (seeds and
 * fixtures aside).
 */

type Row = TradeRecord & { issuer: { id: string; name: string }; team: { id: string; name: string } };

const INCLUDE = { issuer: { select: { id: true, name: true } }, team: { select: { id: true, name: true } } } as const;

function show(row: Row): Trade {
  return rowToApi<Trade>(TRADE_FIELDS, row, row.issuer);
}

/** A trade as the marketplace team sees it: with its team; the ETag is the trade's own. */
function withTeam(team: Row["team"], state: Versioned<Trade>): Versioned<TradeWithTeam> {
  return { resource: { ...state.resource, team }, etag: state.etag };
}

/** A trade by id, of the caller's team unless `anyTeam`, or 404: another team's id looks unknown. */
async function find(db: Db | Tx, id: string, teamId: string | null): Promise<Row> {
  const row = await db.trade.findFirst({ where: { id: storedDealId(id, "trade"), ...(teamId === null ? {} : { teamId }) }, include: INCLUDE });
  if (!row) throw ApiError.notFound(`No trade with id ${id}.`);
  return row;
}

/** GET /my/trades/{id}: any member of the team. */
export async function getTrade(caller: Caller, id: string): Promise<Versioned<Trade>> {
  return versioned(show(await find(getDb(), id, caller.teamId)));
}

type WritableColumns = Omit<TradeRecord, "id" | "teamId" | "userId" | "isVerified" | "permalinkId" | "createdAt" | "updatedAt">;

/** The columns of writable fields, in their stored form. */
const columnsOf = (input: TradeInput) => columnsOfInput<WritableColumns>(TRADE_FIELDS, input);

/** POST /my/trades: recorded unverified. */
export async function createTrade(caller: Caller, input: TradeInput): Promise<Versioned<Trade>> {
  requirePermission(caller, REQUIRES.recordTrade);
  return applyCreate(caller, "trade.created", input.issuer_id, async (tx, now, issuer) => {
    const row = {
      id: randomUUID(),
      teamId: caller.teamId,
      userId: caller.userId,
      ...columnsOf(input),
      isVerified: false,
      permalinkId: newPermalink("TRD"),
      createdAt: now,
      updatedAt: now,
    };
    // createMany: the row is known, so nothing is read back (docs/performance.md, "Writes").
    await tx.trade.createMany({ data: row });
    return show({ ...row, issuer, team: { id: caller.teamId, name: caller.teamName } });
  });
}

/** Where the changes of lib/deals/write.ts applyChange read and write. */
const TRADES: DealTable<Row, Trade> = { noun: "trade", tableName: "trades", show, table: (tx) => tx.trade };

/** PATCH /my/trades/{id}: a JSON merge patch; a verified trade is the marketplace team's to unverify first. */
export async function updateTrade(caller: Caller, id: string, patch: TradePatch, ifMatch: string | null): Promise<Versioned<Trade>> {
  requirePermission(caller, REQUIRES.changeTrade);
  return applyChange(caller, ifMatch, TRADES, {
    action: "trade.updated",
    id,
    load: (tx) => find(tx, id, caller.teamId),
    change: (row) => {
      if (row.isVerified) throw new ApiError("trade_verified", "A verified trade cannot be changed; the marketplace team can unverify it.");
      const merged: TradeInput = { ...writableOf<TradeInput>(show(row), WRITABLE_FIELDS, row.issuerId), ...patch };
      throwRuleIssue(tradeRuleIssues(merged));
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
  // A trade's team never changes: the one read inside the change is the team of the answer.
  let team: Row["team"] = { id: "", name: "" };
  const state = await applyChange(caller, ifMatch, TRADES, {
    action: verified ? "trade.verified" : "trade.unverified",
    id,
    load: (tx) => find(tx, id, null),
    change: (row) => {
      team = row.team;
      return row.isVerified === verified ? null : { isVerified: verified };
    },
    reason,
  });
  return withTeam(team, state);
}
