import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { ApiError } from "../schema/errors";
import { etagMatches } from "../schema/etag";
import type { Caller } from "../auth/caller";
import { changesBetween, recordEvent, type AuditAction, type Tx } from "../audit/events";
import { getDb, getEngine } from "../db/client";
import { storedDealId } from "./common";
import type { Issuer } from "../domain/issuer";

/**
 * What the write side of indications and trades has in common (lib/indications/commands.ts,
 * lib/trades/commands.ts): the validator of a resource's state, unguessable permalinks, and one
 * change of an existing row in a transaction, guarded by If-Match and audited.
 */

/** A resource as the API shows it, with the validator of that state (ETag). */
export interface Versioned<T> {
  resource: T;
  etag: string;
}

export function versioned<T>(resource: T): Versioned<T> {
  // Every write moves updated_at, so the content's hash changes with every write.
  const etag = `"${createHash("sha256").update(JSON.stringify(resource)).digest("base64url").slice(0, 22)}"`;
  return { resource, etag };
}

/** A permalink nobody can guess or enumerate: `IND-…`, `TRD-…`. */
export function newPermalink(prefix: string): string {
  return `${prefix}-${randomBytes(8).toString("base64url").toUpperCase().replace(/[^A-Z0-9]/g, "X")}`;
}

/** The row of a deal table as much as a change needs to know of it. */
export interface DealRow {
  id: string;
  teamId: string;
  updatedAt: Date;
}

/** What a change needs of a Prisma model: an update that reads nothing back. */
interface RowUpdate {
  updateMany(args: { where: { id: string }; data: Record<string, unknown> }): PromiseLike<{ count: number }>;
}

/** A deal table as a change needs it: how to show a row and where to write it. */
export interface DealTable<Row extends DealRow, T> {
  /** Named in the 412 and 404 messages. */
  noun: "indication" | "trade";
  /** The table's name in SQL, for the row lock. */
  tableName: string;
  /** The row as the API shows it (the ETag is computed over this). */
  show(row: Row): T;
  /** The row's table in the transaction (`tx.indication`): the change is written there. */
  table(tx: Tx): RowUpdate;
}

/** One change of one row: how to read it and what the change is. */
export interface RowChange<Row extends DealRow> {
  action: AuditAction;
  /** The row's id, as the caller sent it (locked before `load` reads it). */
  id: string;
  /** The row as this caller may see it, or a 404. */
  load(tx: Tx): Promise<Row>;
  /** The columns to write, or null when the row is to be answered unchanged; may throw an ApiError. */
  change(row: Row, now: Date): Record<string, unknown> | null;
  /** Why, for the audit (unverify). */
  reason?: string | null;
}

/**
 * Locks the row, reads it, checks the caller's If-Match, applies the change and writes it with
 * its audit event, all in one transaction. Concurrent changes of one row wait for each other, so
 * without If-Match each one applies to the row as the one before left it (the last write wins,
 * each audited with its own from and to); with If-Match every one after the first sees a new ETag
 * and is refused 412.
 */
export async function applyChange<Row extends DealRow, T>(
  caller: Caller,
  ifMatch: string | null,
  deal: DealTable<Row, T>,
  spec: RowChange<Row>,
): Promise<Versioned<T>> {
  const stale = (why: string) => new ApiError("precondition_failed", `The ${deal.noun} ${why}; read it again.`);
  return getDb().$transaction(async (tx) => {
    // SQLite's write transaction already excludes every other writer; PostgreSQL locks the row.
    const lock = getEngine().dialect.lockRowSql(deal.tableName);
    if (lock) await tx.$executeRawUnsafe(lock, storedDealId(spec.id, deal.noun));
    const row = await spec.load(tx);
    const before = versioned(deal.show(row));
    if (ifMatch !== null && !etagMatches(ifMatch, before.etag)) throw stale("changed since you read it (If-Match does not match its ETag)");
    // Strictly later than the last write, so the change is seen even within one millisecond.
    const now = new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));
    const data = spec.change(row, now);
    if (data === null) return before;
    await deal.table(tx).updateMany({ where: { id: row.id }, data: { ...data, updatedAt: now } });
    // The row as written: the columns read, with the ones just written (no second read).
    const after = versioned(deal.show({ ...row, ...data, updatedAt: now }));
    await recordEvent(tx, caller, {
      action: spec.action,
      teamId: row.teamId,
      resourceId: row.id,
      at: now,
      changes: changesBetween(before.resource as Record<string, unknown>, after.resource as Record<string, unknown>),
      reason: spec.reason ?? undefined,
    });
    return after;
  });
}

/**
 * A create in one transaction: the issuer must exist (400 at `issuer_id` otherwise), `insert`
 * writes the row and returns it as the API shows it (with the issuer read here), and the creation
 * is audited.
 */
export async function applyCreate<T extends { id: string }>(
  caller: Caller,
  action: AuditAction,
  issuerId: string,
  insert: (tx: Tx, now: Date, issuer: Issuer) => Promise<T>,
): Promise<Versioned<T>> {
  return getDb().$transaction(async (tx) => {
    const issuer = await tx.company.findUnique({ where: { id: issuerId.toLowerCase() }, select: { id: true, name: true } });
    if (!issuer) throw ApiError.invalid("issuer_id", `issuer_id: no company with id ${issuerId}.`);
    const now = new Date();
    const state = versioned(await insert(tx, now, issuer));
    await recordEvent(tx, caller, { action, teamId: caller.teamId, resourceId: state.resource.id, at: now, changes: changesBetween(null, state.resource) });
    return state;
  });
}
