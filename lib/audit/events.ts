import "server-only";
import { newRowId } from "../db/row-id";
import { z } from "zod";
import { timestampField } from "../schema/fields";
import { pageWindow } from "../schema/pagination";
import { ApiError } from "../schema/errors";
import { feedCursorParam } from "../schema/feed-params";
import { cursorMessage } from "../schema/param-reader";
import { OCCURRED, type HistoryQuery } from "../schema/history-params";
import { integer, listQuery, sortParam } from "../schema/params";
import type { TimeOperator } from "../schema/time-params";
import type { Caller } from "../auth/caller";
import { getDb, type Db } from "../db/client";
import { insertRows } from "../db/write-sql";
import type { Write } from "../db/transaction";
import { AUDIT_ACTIONS, type AuditAction } from "../domain/enums";

/**
 * The audit trail: every create, change, refresh, close, verify and unverify of an indication or
 * a trade writes one event, in the same transaction as the change, naming who did it (user, and
 * API key or browser) and each changed field's value before and after, as the API shows them.
 * Events are never updated or deleted (nothing in the code base writes audit_events otherwise).
 */

export { AUDIT_ACTIONS, type AuditAction };

/** An event as the API shows it. */
export const auditEventSchema = z.object({
  id: z.string(),
  occurred_at: timestampField,
  action: z.enum(AUDIT_ACTIONS),
  resource: z.object({ type: z.enum(["indication", "trade", "deal"]), id: z.string() }),
  actor: z.object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    via: z.enum(["api_key", "session", "service"]),
    api_key_prefix: z.string().nullable(),
  }),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  reason: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Each field whose API value differs between `before` and `after`, with both values. */
export function changesBetween(before: Record<string, unknown> | null, after: Record<string, unknown>): AuditEvent["changes"] {
  const changes: AuditEvent["changes"] = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before === null ? null : before[field];
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

/**
 * Writes one event of a change, and answers its id, to a row of `teamId` (the row's team: a verification by the
 * marketplace team is an event of the trade's team). The team's lock makes a team's events commit
 * in `seq` order, so a feed reader that has seen seq N will never later find a smaller one
 * committed (GET /my/events resumes after N).
 */
export async function recordEvent(write: Write, caller: Caller, event: EventInput): Promise<string> {
  const [id] = await recordEvents(write, [{ ...event, caller }]);
  return id;
}

type EventInput = { action: AuditAction; teamId: string; resourceId: string; at: Date; changes: AuditEvent["changes"]; reason?: string };

/**
 * Several events of one change (a deal's step, told to each team of its audience), in one
 * statement, their teams locked in id order first; answers their ids in the order given.
 */
export async function recordEvents({ tx, lock }: Write, events: readonly (EventInput & { caller: Caller })[]): Promise<string[]> {
  for (const teamId of [...new Set(events.map((event) => event.teamId))].sort()) await lock("teams", teamId);
  const rows = events.map(({ caller, ...event }) => ({
    id: newRowId(),
    teamId: event.teamId,
    occurredAt: event.at,
    action: event.action,
    resourceType: event.action.split(".")[0],
    resourceId: event.resourceId,
    actorUserId: caller.userId,
    actorName: caller.name,
    actorEmail: caller.email,
    via: caller.via,
    apiKeyPrefix: caller.apiKeyPrefix ?? null,
    changes: JSON.stringify(event.changes),
    reason: event.reason ?? null,
  }));
  // Not read back (no RETURNING to parse).
  await insertRows(tx, "audit_events", rows);
  return rows.map((row) => row.id);
}

export type EventRow = Awaited<ReturnType<Db["auditEvent"]["findMany"]>>[number];

/** A stored event as the API shows it (GET /my/events, a webhook delivery's `data`). */
export function auditEventOf(row: EventRow): AuditEvent {
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    action: row.action as AuditAction,
    resource: { type: row.resourceType as AuditEvent["resource"]["type"], id: row.resourceId },
    actor: {
      user_id: row.actorUserId,
      name: row.actorName,
      email: row.actorEmail,
      via: row.via as AuditEvent["actor"]["via"],
      api_key_prefix: row.apiKeyPrefix,
    },
    changes: JSON.parse(row.changes) as AuditEvent["changes"],
    reason: row.reason,
  };
}

/** Who made a resource's latest change (the caller's team's resource), and when. */
export interface LastChange {
  name: string;
  at: string;
}

export async function lastChange(teamId: string, resourceId: string): Promise<LastChange | null> {
  const row = await getDb().auditEvent.findFirst({ where: { teamId, resourceId }, orderBy: { seq: "desc" }, select: { actorName: true, occurredAt: true } });
  return row ? { name: row.actorName, at: row.occurredAt.toISOString() } : null;
}

const PRISMA_OPERATORS = { ">": "gt", ">=": "gte", "<": "lt", "<=": "lte" } as const;

/** The occurred_from / occurred_to conditions of a query (OCCURRED), as Prisma writes them. */
function occurredWhere(query: HistoryQuery): Partial<Record<(typeof PRISMA_OPERATORS)[TimeOperator], Date>> {
  return Object.fromEntries(OCCURRED.bounds(query).map((bound) => [PRISMA_OPERATORS[bound.operator], bound.at]));
}

/**
 * A resource's events in the query's time window and order, one page of them (the caller's team
 * only): by number, or after the event of seq `afterSeq` (a cursor's); with their count, and the
 * last event's key (`seq`) when more follow. Time order is `seq` order:
 * a resource's changes take its row's lock and each is stamped strictly after the one before
 * (lib/records/write.ts), and `seq`, the events' key, is unique: the key a cursor needs.
 */
export async function resourceHistory(teamId: string, resourceId: string, query: HistoryQuery, afterSeq?: number) {
  const where = { teamId, resourceId, occurredAt: occurredWhere(query) };
  const { limit, offset } = pageWindow(query);
  const after = afterSeq === undefined ? {} : { seq: query.sort.direction === "asc" ? { gt: afterSeq } : { lt: afterSeq } };
  // After a cursor, one row more says whether any follows; by number, the count says it.
  const [rows, total] = await Promise.all([
    getDb().auditEvent.findMany({ where: { ...where, ...after }, orderBy: { seq: query.sort.direction }, skip: afterSeq === undefined ? offset : 0, take: limit + 1 }),
    getDb().auditEvent.count({ where }),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const more = afterSeq === undefined ? offset + limit < total : rows.length > limit;
  return { items: page.map(auditEventOf), total, ...(more && last && { next: { value: String(last.seq), id: last.id } }) };
}

/** Where a team's feed stands: after the event of this seq. */
const CURSOR_PREFIX = "ev1";
const feedCursorOf = (seq: number) => `${CURSOR_PREFIX}.${seq}`;

/**
 * GET /my/events query parameters. The feed is in the order its events were recorded (`seq`),
 * which its cursor counts: a descending order would have no "after", so `sort` is ascending only.
 */
const feedCursor = feedCursorParam(CURSOR_PREFIX);

export const eventFeedParamsSchema = listQuery({
  cursor: feedCursor.cursor,
  after: feedCursor.after,
  limit: integer("limit", 1, 500, 100),
  sort: sortParam(["occurred_at"], { field: "occurred_at", direction: "asc" }, { ascendingOnly: true }),
});
export type EventFeedQuery = z.output<typeof eventFeedParamsSchema>;

export const eventFeedSchema = z.object({ events: z.array(auditEventSchema), next_cursor: z.string(), has_more: z.boolean() });
export type EventFeed = z.infer<typeof eventFeedSchema>;

/**
 * GET /my/events: the team's events after the cursor, in the order they were written, for
 * incremental sync. `next_cursor` is where the next call resumes, even when nothing came.
 */
export async function eventFeed(teamId: string, query: EventFeedQuery): Promise<EventFeed> {
  const from = query.cursor ?? query.after;
  const { events, last, more } = await eventsAfter(teamId, from ?? 0, query.limit);
  if (from !== undefined && events.length === 0) await refuseAhead(query.cursor !== undefined ? "cursor" : "after", from);
  return { events: events.map(({ event }) => event), next_cursor: feedCursorOf(last), has_more: more };
}

/**
 * A position past every event recorded was never handed out (a typo, another installation's): taken
 * as it is, the feed would skip the events recorded before it is reached, so it is a 400.
 */
export async function refuseAhead(name: string, seq: number, value = feedCursorOf(seq)): Promise<void> {
  if (seq > (await latestSeq())) throw ApiError.invalid(name, cursorMessage(name, value));
}

/** Up to `limit` of the team's events after seq `after`, each with its feed cursor; `last`: where the next read resumes. */
export async function eventsAfter(teamId: string, after: number, limit: number) {
  const rows = await getDb().auditEvent.findMany({ where: { teamId, seq: { gt: after } }, orderBy: { seq: "asc" }, take: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    events: page.map((row) => ({ seq: row.seq, event: auditEventOf(row) })),
    last: page.length > 0 ? page[page.length - 1].seq : after,
    more: rows.length > limit,
  };
}

/** The team's newest event's seq, or every team's without one (0 before any): where a stream opened without a position starts. */
export async function latestSeq(teamId?: string): Promise<number> {
  const row = await getDb().auditEvent.findFirst({ where: teamId === undefined ? {} : { teamId }, orderBy: { seq: "desc" }, select: { seq: true } });
  return row?.seq ?? 0;
}

/** The stream's position, as the feed's: `cursor`, or the `Last-Event-ID` header (lib/live/stream.ts). */
export const streamPosition = feedCursorParam(CURSOR_PREFIX, "from now");
