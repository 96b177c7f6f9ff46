import { CURRENT_STRUCTURES, DEAL_STAGES, type DealStage } from "../../lib/domain/enums";
import type { DealRecord } from "../../lib/db/models";
import { USERS } from "./accounts";
import { DAY, userId, type IndicationRow, type TradeRow, type UserRow } from "./generators";
import { namedUuid, permalinkId } from "./prng";
import { ymd } from "./record-values";

/**
 * The demo's deals (issue 45, docs/api/deals.md): two in every stage, one each way between Alpha
 * and Beta, on open orders the generated data holds, so the demo brokers meet each stage as
 * requester and as owner. Written as rows, as the generated indications and trades are (no audit
 * trail), from the seed alone: the same rows every time. A closed deal comes with its two trades.
 */

/** Above every generated trade's (record-rows.ts): the demo deals' trades get permalinks of their own. */
const DEAL_TRADE_PERMALINK_OFFSET = 20_000_000_000_000;

const NOTES = ["For a long-only fund client", "Client wants exposure before the next round", "Can move quickly on the full size"];

export function demoDeals(seed: number, baseTime: number, indications: readonly IndicationRow[], users: readonly UserRow[]): { deals: DealRecord[]; trades: TradeRow[] } {
  const demoBroker = (team: string) => userId(seed, USERS.find((user) => user.team === team && user.email.startsWith("broker@"))!);
  const alpha = users.find((user) => user.id === demoBroker("alpha"))!;
  const beta = users.find((user) => user.id === demoBroker("beta"))!;
  const ordersOf = (teamId: string) => indications.filter((row) => row.teamId === teamId && row.stage === "open" && row.visibility !== "private");
  const pools = { [alpha.teamId]: ordersOf(alpha.teamId), [beta.teamId]: ordersOf(beta.teamId) };
  const deals: DealRecord[] = [];
  const trades: TradeRow[] = [];
  DEAL_STAGES.forEach((stage, s) => {
    for (const [owner, requester] of [[alpha, beta], [beta, alpha]] as const) {
      const order = pools[owner.teamId][s];
      const index = deals.length / 2;
      const id = namedUuid(seed, "deals", String(index));
      const createdAt = new Date(baseTime - (40 - index * 3) * DAY);
      const updatedAt = new Date(createdAt.getTime() + 2 * DAY);
      const reached = (from: DealStage) => DEAL_STAGES.indexOf(stage) >= DEAL_STAGES.indexOf(from) && stage !== "dead";
      const terms = reached("in_closing")
        ? { termsPricePerShare: order.pricePerShare, termsVolume: order.volume, termsStructure: order.structure ?? (JSON.parse(order.acceptableStructures) as string[])[0] ?? CURRENT_STRUCTURES[0], termsSignDate: ymd(updatedAt.getTime() - DAY) }
        : { termsPricePerShare: null, termsVolume: null, termsStructure: null, termsSignDate: null };
      const wonDate = stage === "closed" ? ymd(updatedAt.getTime()) : null;
      const tradeOf = (party: UserRow, role: string): TradeRow => ({
        id: namedUuid(seed, "deal-trades", `${id}:${role}`),
        teamId: party.teamId,
        userId: party.id,
        issuerId: order.issuerId,
        attributedToOwner: false,
        carriedInterestFeePercent: null,
        clientId: null,
        createdAt: updatedAt,
        dealId: id,
        details: null,
        isVerified: false,
        managementFeePercent: null,
        permalinkId: permalinkId(DEAL_TRADE_PERMALINK_OFFSET, index * 2 + (role === "owner" ? 1 : 0)),
        pricePerShare: terms.termsPricePerShare!,
        signDate: terms.termsSignDate!,
        stockClass: order.stockClass,
        stockClassType: order.stockClassType,
        stockType: order.stockType,
        structure: terms.termsStructure!,
        thirdPartyId: null,
        updatedAt,
        verificationOfficerEmail: party.email,
        verificationOfficerName: party.name,
        volume: terms.termsVolume!,
        wonDate: wonDate!,
      });
      const orderBroker = users.find((user) => user.id === order.userId)!;
      const closing = stage === "closed" ? [tradeOf(requester, "requester"), tradeOf(orderBroker, "owner")] : [];
      trades.push(...closing);
      const shared = {
        id,
        stage,
        issuerId: order.issuerId,
        indicationId: order.id,
        requesterTeamId: requester.teamId,
        requesterUserId: requester.id,
        ownerTeamId: owner.teamId,
        ownerUserId: order.userId,
        requestedVolume: order.volume,
        requestedPricePerShare: null,
        requestedNote: NOTES[index % NOTES.length],
        ...terms,
        wonDate,
        requesterTradeId: closing[0]?.id ?? null,
        ownerTradeId: closing[1]?.id ?? null,
        deadReason: stage === "dead" ? (owner === alpha ? "declined" : "rofr_exercised") : null,
        deadNote: stage === "dead" ? (owner === alpha ? "Not at that size" : "The issuer exercised its right of first refusal") : null,
        introducedAt: reached("introduced") ? new Date(createdAt.getTime() + DAY) : null,
        createdAt,
        updatedAt,
      };
      deals.push({ ...shared, teamId: requester.teamId, role: "requester" }, { ...shared, teamId: owner.teamId, role: "owner" });
    }
  });
  return { deals, trades };
}
