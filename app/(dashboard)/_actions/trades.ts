"use server";

import { parseBody } from "@/lib/schema/body";
import { ApiError } from "@/lib/schema/errors";
import type { Versioned } from "@/lib/records/read";
import { createTrade, setTradeVerified, updateTrade } from "@/lib/trades/commands";
import { getTrade } from "@/lib/trades/queries";
import type { Trade } from "@/lib/trades/schema";
import { TRADE_REFUSED, tradeCreateSchema, tradePatchSchema, unverifySchema, verifySchema } from "@/lib/trades/write-schema";
import type { LastChange } from "@/lib/audit/events";
import { checkEtag, checkId } from "./inputs";
import { withLastChange } from "./last-change";
import { runAction, runForEach, type ActionResult } from "./result";

/**
 * The dashboard's writes of trades: the same write-side functions (lib/trades/commands.ts) and
 * body schemas as the API (POST/PATCH /my/trades, POST /ops/trades/{id}/verify|unverify).
 */

export async function createTradeAction(input: unknown): Promise<ActionResult<Versioned<Trade>>> {
  return runAction((caller) => createTrade(caller, parseBody(tradeCreateSchema, input, TRADE_REFUSED.onCreate)));
}

export async function readTradeAction(id: unknown): Promise<ActionResult<Versioned<Trade> & { lastChange: LastChange | null }>> {
  return runAction(async (caller) => withLastChange(caller, await getTrade(caller, checkId(id, "a trade"))));
}

export async function updateTradeAction(id: unknown, patch: unknown, etag: unknown): Promise<ActionResult<Versioned<Trade>>> {
  return runAction((caller) => updateTrade(caller, checkId(id, "a trade"), parseBody(tradePatchSchema, patch, TRADE_REFUSED.onPatch), checkEtag(etag)));
}

/**
 * Verify or unverify (with its reason) one or several trades of any team: trades_verify only,
 * checked by setTradeVerified. The body is the API's ({reason}), validated by the same schemas.
 */
export async function setTradesVerifiedAction(ids: unknown, verified: unknown, body: unknown) {
  return runForEach(ids, async (caller, id) => {
    if (typeof verified !== "boolean") throw ApiError.invalid("verified", "verified must be true or false.");
    const { reason } = verified ? parseBody(verifySchema, body ?? {}) : parseBody(unverifySchema, body);
    return (await setTradeVerified(caller, checkId(id, "a trade"), verified, reason, null)).resource.is_verified;
  });
}
