import { z } from "zod";
import type { AuditAction } from "../domain/enums";
import { textInput } from "../schema/body";
import { timestampField } from "../schema/fields";
import { feedCursorParam } from "../schema/feed-params";
import { booleanParam, integer, listQuery } from "../schema/params";
import { DAY_MS } from "../domain/days";

/**
 * What the bell tells a user (docs/api/live.md, "Notifications"): one enumeration, one shape, the
 * list's parameters and the mark-read body.
 */

const NOTIFICATION_KINDS = ["trade_verified", "trade_unverified", "followed_indication", "followed_trade", "webhook_disabled", "deal", "possible_match"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The changes that notify the row's team, and of what (lib/notifications/record.ts says whom). */
export const KIND_OF_ACTION: Partial<Record<AuditAction, NotificationKind>> = {
  "trade.verified": "trade_verified",
  "trade.unverified": "trade_unverified",
};

/** The changes that notify the company's followers outside the row's team who may see them. */
export const FOLLOWER_KIND_OF_ACTION: Partial<Record<AuditAction, NotificationKind>> = {
  "indication.created": "followed_indication",
  "indication.updated": "followed_indication",
  "indication.closed": "followed_indication",
  "trade.verified": "followed_trade",
};

/** How long a notification is kept. */
const NOTIFICATION_DAYS = 90;
export const keptSince = (now: Date) => new Date(now.getTime() - NOTIFICATION_DAYS * DAY_MS);

const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  created_at: timestampField,
  read_at: timestampField.nullable(),
  /** One sentence for people, as the bell shows it. */
  title: z.string(),
  /** The company it is about; null for a webhook endpoint's. */
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  /**
   * The team's own row or webhook endpoint it tells of (an endpoint has no permalink id); null for
   * another team's row, which the market never names.
   */
  resource: z.object({ type: z.enum(["indication", "trade", "webhook", "deal"]), id: z.string(), permalink_id: z.string().nullable() }).nullable(),
  /** Another team's order it tells of, by its permalink (GET /market/indications/{permalink_id}): a possible match's. */
  order: z.object({ permalink_id: z.string(), side: z.enum(["bid", "offer"]) }).nullable(),
  /** Why, when the change gave one (an unverification's reason). */
  reason: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

const NOTIFICATION_CURSOR = "nt1";
const notificationCursor = feedCursorParam(NOTIFICATION_CURSOR, "the newest");
export const notificationCursorOf = (seq: number) => `${NOTIFICATION_CURSOR}.${seq}`;

/** GET /my/notifications: newest first; `cursor` goes on to older ones. */
export const notificationListParamsSchema = listQuery({
  unread: booleanParam("unread"),
  limit: integer("limit", 1, 100, 25),
  cursor: notificationCursor.cursor,
});
export type NotificationListQuery = z.output<typeof notificationListParamsSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** POST /my/notifications/read: some by id, or all. */
export const markReadSchema = z
  .strictObject({ ids: z.array(textInput(64, "a notification id (at most 64 characters)")).min(1).max(100).optional(), all: z.literal(true).optional() })
  .superRefine((body, ctx) => {
    if ((body.ids === undefined) === (body.all === undefined)) {
      ctx.addIssue({ code: "custom", path: ["ids"], message: "send either ids, a list of 1 to 100 notification ids, or all: true." });
    }
  });
export const markReadAnswerSchema = z.object({ unread_count: z.number().int() });
