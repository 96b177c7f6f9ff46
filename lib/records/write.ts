import "server-only";
import { randomBytes } from "node:crypto";
import { newRowId } from "../db/row-id";
import { ApiError } from "../schema/errors";
import { etagMatches } from "../schema/etag";
import type { Caller } from "../auth/caller";
import { changesBetween, recordEvent, type AuditAction } from "../audit/events";
import { getEngine } from "../db/client";
import type { IndicationRecord, TradeRecord } from "../db/models";
import { transaction, type Write } from "../db/transaction";
import { insertRows, selectRows, updateById } from "../db/write-sql";
import { storedRecordId } from "./common";
import { findRecord, versioned, type RecordSource, type Versioned } from "./read";
import { announce } from "../live/bus";
import { changeOf, type Change } from "../live/change";
import { recordNotifications } from "../notifications/record";

/**
 * What the write side of indications and trades has in common (lib/indications/commands.ts,
 * lib/trades/commands.ts): a create, with its unguessable permalink, and one change of an existing
 * row, each in a transaction and audited, the change guarded by If-Match. Once committed, each is
 * announced to the live streams (lib/live/bus.ts).
 */

/** A permalink nobody can guess or enumerate: `IND-…`, `TRD-…`. */
function newPermalink(prefix: string): string {
  return `${prefix}-${randomBytes(8).toString("base64url").toUpperCase().replace(/[^A-Z0-9]/g, "X")}`;
}

/** The columns every record row is created with, whatever its resource. */
export type CreatedRow = Pick<IndicationRecord & TradeRecord, "id" | "teamId" | "userId" | "permalinkId" | "createdAt" | "updatedAt">;

/** A record as a write needs it: where it is read from (and written: its `table`). */
export interface RecordTable<T> extends RecordSource<T> {
  /** What its permalinks start with: `IND`, `TRD`. */
  permalinkPrefix: string;
  /** The state and its ETag, when the ETag is not over the whole item (a trade with its team). */
  version?(item: T): Versioned<T>;
}

/** One change of one row: which, and what the change is. */
export interface RowChange<T> {
  action: AuditAction;
  /** The row's id, as the caller sent it (locked before it is read). */
  id: string;
  /** The one team whose row it may be (the caller's), or null for any team's (the marketplace team). */
  teamId: string | null;
  /** The columns to write, or null when the row is to be answered unchanged; may throw an ApiError. */
  change(item: T, now: Date): Record<string, unknown> | null;
  /** Why, for the audit (unverify). */
  reason?: string | null;
}

/**
 * Locks the row, reads it, checks the caller's If-Match, applies the change and writes it with
 * its audit event, all in one transaction; the answer is the row read again the way every read
 * reads it (lib/records/read.ts). Concurrent changes of one row wait for each other, so without
 * If-Match each one applies to the row as the one before left it (the last write wins, each
 * audited with its own from and to); with If-Match every one after the first sees a new ETag and
 * is refused 412.
 */
export async function applyChange<T extends { id: string; updated_at: string }>(
  caller: Caller,
  ifMatch: string | null,
  record: RecordTable<T>,
  spec: RowChange<T>,
): Promise<Versioned<T>> {
  const stale = (why: string) => new ApiError("precondition_failed", `The ${record.noun} ${why}; read it again.`);
  const version = record.version ?? versioned;
  let change: Change | undefined;
  const answer = await transaction(async (write) => {
    await write.lock(record.table, storedRecordId(spec.id, record.noun));
    const read = () => findRecord(record, spec.id, spec.teamId, write);
    const { item, teamId } = await read();
    const before = version(item);
    if (ifMatch !== null && !etagMatches(ifMatch, before.etag)) throw stale("changed since you read it (If-Match does not match its ETag)");
    // Strictly later than the last write, so the change is seen even within one millisecond.
    const now = new Date(Math.max(Date.now(), Date.parse(item.updated_at) + 1));
    const data = spec.change(item, now);
    if (data === null) return before;
    // A statement of ours, not a model's call (docs/performance-decisions.md, "Writes of our own").
    await updateById(write.tx, record.table, item.id, { ...data, updatedAt: now });
    const after = version((await read()).item);
    const [was, is] = [before.resource as Record<string, unknown>, after.resource as Record<string, unknown>];
    change = await recordChange(write, caller, { action: spec.action, teamId, at: now, reason: spec.reason ?? null }, was, is);
    return after;
  });
  if (change) announceChange(change);
  return answer;
}

/**
 * Records a change of one row in its transaction: its audit event (the row's team's) and the
 * notifications it makes; answers the change, to announce once the transaction commits.
 */
async function recordChange(
  write: Write,
  caller: Caller,
  what: { action: AuditAction; teamId: string; at: Date; reason: string | null },
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<Change> {
  const change = changeOf(what.teamId, what.action, before, after);
  const eventId = await recordEvent(write, caller, { action: what.action, teamId: what.teamId, resourceId: change.resourceId, at: what.at, changes: changesBetween(before, after), reason: what.reason ?? undefined });
  await recordNotifications(write.tx, change, { id: eventId, at: what.at, reason: what.reason }, after);
  return change;
}

function announceChange(change: Change): void {
  announce(change, (text, ...values) => getEngine().run({ text, values }));
}

/**
 * A create in one transaction: the issuer must exist (400 at `issuer_id` otherwise), the row is
 * inserted with what every record row gets (CreatedRow) and the columns `columns` adds (its
 * resource's own, camelCase as the models name them), answered as every read reads it, and audited.
 */
export async function applyCreate<T extends { id: string }>(
  caller: Caller,
  action: AuditAction,
  table: RecordTable<T>,
  issuerId: string,
  columns: (row: CreatedRow) => Record<string, unknown>,
): Promise<Versioned<T>> {
  let change: Change | undefined;
  const state = await transaction(async (write) => {
    const [issuer] = await selectRows<{ id: string }>(write.tx, getEngine().dialect.db.selectFrom("companies").select("id").where("id", "=", issuerId.toLowerCase()));
    if (!issuer) throw ApiError.invalid("issuer_id", `issuer_id must be the id of a company, as GET /companies lists it: no company has the id ${issuerId}.`);
    const created = await createIn(write, caller, action, table, { teamId: caller.teamId, userId: caller.userId }, columns);
    change = created.change;
    return created.state;
  });
  if (change) announceChange(change);
  return state;
}

/**
 * A record created inside a write of its own (a deal's close records its trades): owned by
 * `owner` (team and broker), audited as the caller's act; answers the change, to announce once the
 * transaction commits (announceChanges).
 */
export async function createIn<T extends { id: string }>(
  write: Write,
  caller: Caller,
  action: AuditAction,
  table: RecordTable<T>,
  owner: { teamId: string; userId: string },
  columns: (row: CreatedRow) => Record<string, unknown>,
): Promise<{ state: Versioned<T>; change: Change }> {
  const now = new Date();
  const id = newRowId();
  const row: CreatedRow = { id, ...owner, permalinkId: newPermalink(table.permalinkPrefix), createdAt: now, updatedAt: now };
  // Nothing read back through Prisma: the answer is the one read (docs/performance-decisions.md, "Writes of our own").
  await insertRows(write.tx, table.table, [{ ...row, ...columns(row) }]);
  const state = versioned((await findRecord(table, id, owner.teamId, write)).item);
  const change = await recordChange(write, caller, { action, teamId: owner.teamId, at: now, reason: null }, null, state.resource as Record<string, unknown>);
  return { state, change };
}

/** Tells the live streams of committed changes (lib/live/bus.ts). */
export function announceChanges(changes: readonly Change[]): void {
  for (const change of changes) announceChange(change);
}
