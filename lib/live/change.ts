import { AUDIT_ACTIONS, type AuditAction } from "../domain/enums";
import type { Caller } from "../auth/caller";
import { mayKnowBookEntry, viewerOf } from "../domain/book-visibility";

/**
 * What one committed change tells the live pages (docs/api/live.md, "GET /my/stream"), beyond the team's
 * own audit events: which company's market may look different now and who may know it, and
 * whether the marketplace team's queue moved. Worked out by the writer, which holds the row
 * before and after, so a listener decides with no read of its own.
 */
export interface Change {
  teamId: string;
  action: AuditAction;
  resourceId: string;
  companyId: string;
  /** Who besides the row's team may see the market change: everyone, or these e-mails (lower-cased). */
  market: { everyone: true } | { everyone: false; recipients: string[] };
}

/** Every `event:` a stream sends (docs/api/live.md, "GET /my/stream"): the dashboard listens for these. */
export const STREAM_EVENTS = ["ready", ...AUDIT_ACTIONS, "notification", "market", "queue", "end"] as const;
export type StreamEvent = (typeof STREAM_EVENTS)[number];

type Row = Record<string, unknown>;

const companyOf = (row: Row) => String((row.issuer as { id?: unknown } | undefined)?.id ?? "");
const recipientsOf = (row: Row | null) => (Array.isArray(row?.private_recipients) ? (row.private_recipients as string[]).map((email) => email.toLowerCase()) : []);

/**
 * The market audience of a change of `after` (and `before`, null for a create). An indication is
 * in another team's book when it is not private or is shared with them, before or after the
 * change (a row made private must still leave the books it was in); a trade is on the tape while
 * verified, before or after.
 */
export function changeOf(teamId: string, action: AuditAction, before: Row | null, after: Row): Change {
  const rows = before ? [before, after] : [after];
  const everyone = action.startsWith("trade.") ? rows.some((row) => row.is_verified === true) : rows.some((row) => row.visibility !== "private");
  const market: Change["market"] = everyone ? { everyone: true } : { everyone: false, recipients: action.startsWith("trade.") ? [] : [...new Set(rows.flatMap(recipientsOf))] };
  return { teamId, action, resourceId: String(after.id), companyId: companyOf(after), market };
}

/** What a listener hears of a change: its team's event (read from the trail), a market hint, a queue hint. */
export function heardBy(change: Change, caller: Caller) {
  const own = change.teamId === caller.teamId;
  const market =
    caller.permissions.includes("companies") &&
    (own || change.market.everyone || mayKnowBookEntry({ teamId: change.teamId, visibility: "private", recipients: change.market.recipients }, viewerOf(caller)));
  return { team: own, market, queue: change.action.startsWith("trade.") && caller.permissions.includes("trades_verify") };
}
