import type { DealDeadReason, DealRole, DealStage, Side } from "../domain/enums";

/**
 * A deal's stages, roles and reasons as the dashboard words them (its table, board, page and
 * history), one wording each. Pure: client components import it.
 */

export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  requested: "Requested",
  accepted: "Accepted",
  introduced: "Introduced",
  in_closing: "In closing",
  closed: "Closed",
  dead: "Dead",
};

/** The viewer's team's part, as "your side". */
export const DEAL_ROLE_LABELS: Record<DealRole, string> = { requester: "Requester", owner: "Owner" };

export const DEAL_DEAD_REASON_LABELS: Record<DealDeadReason, string> = {
  declined: "Declined by the owner",
  withdrawn: "Withdrawn",
  rofr_exercised: "Right of first refusal exercised",
  issuer_blocked: "Blocked by the issuer",
  no_agreement: "No agreement",
  other: "Other",
};

/**
 * What a party's trade of a deal's close was, "bought" or "sold": the order's owner is on its side
 * (an offer's owner sells), the requester on the other.
 */
export function dealPartyTrade(role: DealRole, orderSide: Side): "bought" | "sold" {
  return (role === "owner") === (orderSide === "bid") ? "bought" : "sold";
}
