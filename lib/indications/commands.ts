import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ApiError } from "../api/errors";
import { fieldName } from "../api/body";
import { etagMatches } from "../api/etag";
import { apiToRow, rowToApi } from "../api/fields";
import { requirePermission, type Caller } from "../auth/caller";
import { recordEvent, changesBetween, type AuditAction, type Tx } from "../audit/events";
import { getDb, type Db } from "../db/client";
import type { IndicationRecord } from "../db/models";
import type { Indication } from "./schema";
import { INDICATION_FIELDS } from "./serializer";
import { indicationRuleIssues, WRITABLE_FIELDS, type IndicationInput, type IndicationPatch } from "./write-schema";

/**
 * The write side of indications: create, change, refresh, close. Each runs in one transaction
 * that also writes the audit event (lib/audit/events.ts); these functions are the only writers of
 * the table (the seeds and test fixtures aside). Reads of one indication live here too, since a
 * write answers with the indication and its ETag.
 */

/** An indication as the API shows it, with the validator of its current state. */
export interface IndicationState {
  indication: Indication;
  etag: string;
}

type Row = IndicationRecord & { issuer: { id: string; name: string } };

const WITH_ISSUER = { issuer: { select: { id: true, name: true } } } as const;

function stateOf(row: Row): IndicationState {
  const indication = rowToApi<Indication>(INDICATION_FIELDS, row, row.issuer);
  // Every write moves updated_at, so the content's hash changes with every write.
  const etag = `"${createHash("sha256").update(JSON.stringify(indication)).digest("base64url").slice(0, 22)}"`;
  return { indication, etag };
}

/** The caller's team's indication, or 404: another team's id looks exactly like an unknown one. */
async function findOwn(db: Db | Tx, caller: Caller, id: string): Promise<Row> {
  const row = await db.indication.findFirst({ where: { id: id.toLowerCase(), teamId: caller.teamId }, include: WITH_ISSUER });
  if (!row) throw ApiError.notFound(`No indication with id ${id}.`);
  return row;
}

/** GET /my/indications/{id}: any member of the team. */
export async function getIndication(caller: Caller, id: string): Promise<IndicationState> {
  return stateOf(await findOwn(getDb(), caller, id));
}

/** The writable fields of a row, as a create would have sent them. */
function inputOf(row: Row): IndicationInput {
  const shown = stateOf(row).indication as unknown as Record<string, unknown>;
  const input: Record<string, unknown> = { issuer_id: row.issuerId };
  for (const field of WRITABLE_FIELDS) if (field in shown) input[field] = shown[field];
  return input as IndicationInput;
}

type WritableColumns = Omit<IndicationRecord, "id" | "teamId" | "userId" | "stage" | "permalinkId" | "createdAt" | "openedAt" | "lastRefreshedAt" | "updatedAt">;

/** The columns of writable fields, in their stored form. */
function columnsOf(input: IndicationInput): WritableColumns {
  const { issuer_id, ...fields } = input;
  return { issuerId: issuer_id.toLowerCase(), ...apiToRow(INDICATION_FIELDS, fields) } as WritableColumns;
}

/** A permalink nobody can guess or enumerate. */
function newPermalink(): string {
  return `IND-${randomBytes(8).toString("base64url").toUpperCase().replace(/[^A-Z0-9]/g, "X")}`;
}

function requireManage(caller: Caller, action: string): void {
  requirePermission(caller, "indications_manage", action);
}

/** POST /my/indications. */
export async function createIndication(caller: Caller, input: IndicationInput): Promise<IndicationState> {
  requireManage(caller, "Creating indications");
  return getDb().$transaction(async (tx) => {
    const issuer = await tx.company.findUnique({ where: { id: input.issuer_id.toLowerCase() }, select: { id: true } });
    if (!issuer) throw ApiError.invalid("issuer_id", `issuer_id: no company with id ${input.issuer_id}.`);
    const now = new Date();
    const row = await tx.indication.create({
      data: {
        id: randomUUID(),
        teamId: caller.teamId,
        userId: caller.userId,
        ...columnsOf(input),
        stage: "open",
        permalinkId: newPermalink(),
        createdAt: now,
        openedAt: now,
        lastRefreshedAt: now,
        updatedAt: now,
      },
      include: WITH_ISSUER,
    });
    const state = stateOf(row);
    await recordEvent(tx, caller, { action: "indication.created", resourceId: row.id, at: now, changes: changesBetween(null, state.indication) });
    return state;
  });
}

/**
 * One change of an existing indication in a transaction: the row is read, checked against the
 * caller's If-Match, changed by `change` and written only if nobody wrote it in between (else 412
 * with If-Match, or one more try without), with its audit event.
 */
async function changeIndication(
  caller: Caller,
  id: string,
  ifMatch: string | null,
  action: AuditAction,
  change: (row: Row, now: Date) => Partial<IndicationRecord> | null,
): Promise<IndicationState> {
  for (let attempt = 0; ; attempt++) {
    const result = await getDb().$transaction(async (tx) => {
      const row = await findOwn(tx, caller, id);
      const before = stateOf(row);
      if (ifMatch !== null && !etagMatches(ifMatch, before.etag)) {
        throw new ApiError("precondition_failed", "The indication changed since you read it (If-Match does not match its ETag); read it again.");
      }
      // Strictly later than the last write, so the change is seen even within one millisecond.
      const now = new Date(Math.max(Date.now(), row.updatedAt.getTime() + 1));
      const data = change(row, now);
      if (data === null) return before;
      const written = await tx.indication.updateMany({ where: { id: row.id, updatedAt: row.updatedAt }, data: { ...data, updatedAt: now } });
      if (written.count === 0) return null;
      const after = stateOf(await findOwn(tx, caller, row.id));
      await recordEvent(tx, caller, { action, resourceId: row.id, at: now, changes: changesBetween(before.indication, after.indication) });
      return after;
    });
    if (result) return result;
    if (ifMatch !== null || attempt >= 2) {
      throw new ApiError("precondition_failed", "The indication was changed by someone else at the same time; read it again.");
    }
  }
}

function requireOpen(row: Row, what: string): void {
  if (row.stage !== "open") throw new ApiError("indication_closed", `A closed indication cannot be ${what}.`);
}

/** PATCH /my/indications/{id}: a JSON merge patch of the writable fields. */
export async function updateIndication(caller: Caller, id: string, patch: IndicationPatch, ifMatch: string | null): Promise<IndicationState> {
  requireManage(caller, "Changing indications");
  return changeIndication(caller, id, ifMatch, "indication.updated", (row, now) => {
    requireOpen(row, "changed");
    const merged = { ...inputOf(row), ...patch } as IndicationInput;
    const [issue] = indicationRuleIssues(merged);
    if (issue) {
      const param = fieldName(issue.path);
      throw ApiError.invalid(param, `${param}: ${issue.message}`);
    }
    // A user's change confirms the indication is live (spec 2.4, last_refreshed_at).
    return { ...columnsOf(merged), lastRefreshedAt: now };
  });
}

/** POST /my/indications/{id}/refresh: the user confirms the indication is still live. */
export async function refreshIndication(caller: Caller, id: string, ifMatch: string | null): Promise<IndicationState> {
  requireManage(caller, "Refreshing indications");
  return changeIndication(caller, id, ifMatch, "indication.refreshed", (row, now) => {
    requireOpen(row, "refreshed");
    return { lastRefreshedAt: now };
  });
}

/** POST /my/indications/{id}/close: open -> closed_lost; a closed one is answered unchanged. */
export async function closeIndication(caller: Caller, id: string, ifMatch: string | null): Promise<IndicationState> {
  requireManage(caller, "Closing indications");
  return changeIndication(caller, id, ifMatch, "indication.closed", (row) => (row.stage === "open" ? { stage: "closed_lost" } : null));
}
