/**
 * Every enumeration of the data service, once. Schemas, serializers, seed, pages and tests import
 * these lists; nothing else spells the values.
 */

export const SIDES = ["bid", "offer"] as const;
export type Side = (typeof SIDES)[number];

export const STAGES = ["open", "closed_lost"] as const;
export type Stage = (typeof STAGES)[number];

/** Structures a new indication or trade may take. */
export const CURRENT_STRUCTURES = ["direct", "spv_1_layer", "spv_2_layer", "forward_contract"] as const;
/** Deprecated (spec 9.1): legacy rows still carry it and it is returned as is. */
export const LEGACY_STRUCTURE = "spv" as const;
export const STRUCTURES = [...CURRENT_STRUCTURES, LEGACY_STRUCTURE] as const;
export type Structure = (typeof STRUCTURES)[number];

export const VISIBILITIES = ["order_book_public", "order_book_anonymous", "private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const STOCK_TYPES = ["primary", "secondary"] as const;
export type StockType = (typeof STOCK_TYPES)[number];

export const STOCK_CLASS_TYPES = ["common", "preferred"] as const;
export type StockClassType = (typeof STOCK_CLASS_TYPES)[number];

export const ROLES = ["broker", "team_lead", "marketplace_ops"] as const;
export type Role = (typeof ROLES)[number];

/**
 * companies: view company details (spec 5.1); indications_manage, trades_manage: create and change
 * the team's indications / trades; trades_verify: verify any team's trades; deals_manage: run every
 * team's deals (introduce, terms, close, kill). The last two are the marketplace team's.
 */
export const PERMISSIONS = ["companies", "indications_manage", "trades_manage", "trades_verify", "deals_manage"] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** What a broker holds: everything but verifying trades. */
export const BROKER_PERMISSIONS = ["companies", "indications_manage", "trades_manage"] as const satisfies readonly Permission[];

export const LOGO_SIZES = [24, 32, 48, 64, 96] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

/** Human labels for the dashboard; the legacy value says so. */
export const STRUCTURE_LABELS: Record<Structure, string> = {
  direct: "Direct",
  spv_1_layer: "SPV (1 layer)",
  spv_2_layer: "SPV (2 layers)",
  forward_contract: "Forward contract",
  spv: "SPV (legacy)",
};

/** What the audit trail records (lib/audit/events.ts): the event types of the feed, the stream and webhooks. */
export const AUDIT_ACTIONS = [
  "indication.created",
  "indication.updated",
  "indication.refreshed",
  "indication.closed",
  "trade.created",
  "trade.updated",
  "trade.verified",
  "trade.unverified",
  "deal.requested",
  "deal.accepted",
  "deal.introduced",
  "deal.terms",
  "deal.closed",
  "deal.dead",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * A deal's stages (issue 45, docs/api/deals.md "Stages"): requested → accepted → introduced →
 * in_closing → closed, and dead from any open one. Who may take which step: lib/deals/machine.ts.
 */
export const DEAL_STAGES = ["requested", "accepted", "introduced", "in_closing", "closed", "dead"] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/** A team's part in a deal: it asked for the introduction, or it owns the order. */
export const DEAL_ROLES = ["requester", "owner"] as const;
export type DealRole = (typeof DEAL_ROLES)[number];

/** Why the marketplace team killed a deal (POST /ops/deals/{id}/kill). */
export const DEAL_KILL_REASONS = ["rofr_exercised", "issuer_blocked", "no_agreement", "other"] as const;

/** Why a deal is dead: the owner declined it, a party withdrew, or the marketplace team killed it. */
export const DEAL_DEAD_REASONS = ["declined", "withdrawn", ...DEAL_KILL_REASONS] as const;
export type DealDeadReason = (typeof DEAL_DEAD_REASONS)[number];
