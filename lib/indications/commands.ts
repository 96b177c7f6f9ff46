import "server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "../schema/errors";
import { rowToApi } from "../schema/fields";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import type { AuditAction, Tx } from "../audit/events";
import { getDb, type Db } from "../db/client";
import type { IndicationRecord } from "../db/models";
import { storedDealId } from "../deals/common";
import { columnsOfInput, throwRuleIssue, writableOf } from "../deals/write-fields";
import { applyChange, applyCreate, newPermalink, versioned, type DealTable, type RowChange, type Versioned } from "../deals/write";
import type { Indication } from "./schema";
import { INDICATION_FIELDS } from "./serializer";
import { indicationRuleIssues, WRITABLE_FIELDS, type IndicationInput, type IndicationPatch } from "./write-schema";

/**
 * The write side of indications: create, change, refresh, close. Each runs in one transaction
 * that also writes the audit event (lib/audit/events.ts); these functions are the only writers of
 * the table (the seeds and test fixtures aside). Reads of one indication live here too, since a
 * write answers with the indication and its ETag.
 */

type Row = IndicationRecord & { issuer: { id: string; name: string } };

const WITH_ISSUER = { issuer: { select: { id: true, name: true } } } as const;

function show(row: Row): Indication {
  return rowToApi<Indication>(INDICATION_FIELDS, row, row.issuer);
}

/** The caller's team's indication, or 404: another team's id looks exactly like an unknown one. */
async function findOwn(db: Db | Tx, caller: Caller, id: string): Promise<Row> {
  const row = await db.indication.findFirst({ where: { id: storedDealId(id, "indication"), teamId: caller.teamId }, include: WITH_ISSUER });
  if (!row) throw ApiError.notFound(`No indication with id ${id}.`);
  return row;
}

/** GET /my/indications/{id}: any member of the team. */
export async function getIndication(caller: Caller, id: string): Promise<Versioned<Indication>> {
  return versioned(show(await findOwn(getDb(), caller, id)));
}

type WritableColumns = Omit<IndicationRecord, "id" | "teamId" | "userId" | "stage" | "permalinkId" | "createdAt" | "openedAt" | "lastRefreshedAt" | "updatedAt">;

/** The columns of writable fields, in their stored form. */
const columnsOf = (input: IndicationInput) => columnsOfInput<WritableColumns>(INDICATION_FIELDS, input);

/** POST /my/indications. */
export async function createIndication(caller: Caller, input: IndicationInput): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.createIndication);
  return applyCreate(caller, "indication.created", input.issuer_id, async (tx, now, issuer) => {
    const row = {
      id: randomUUID(),
      teamId: caller.teamId,
      userId: caller.userId,
      ...columnsOf(input),
      stage: "open",
      permalinkId: newPermalink("IND"),
      createdAt: now,
      openedAt: now,
      lastRefreshedAt: now,
      updatedAt: now,
    };
    // createMany: the row is known, so nothing is read back (docs/performance.md, "Writes").
    await tx.indication.createMany({ data: row });
    return show({ ...row, issuer });
  });
}

/** Where the changes of lib/deals/write.ts applyChange read and write. */
const INDICATIONS: DealTable<Row, Indication> = { noun: "indication", tableName: "indications", show, table: (tx) => tx.indication };

/** One change of one of the caller's team's indications. */
function changeOwn(caller: Caller, id: string, ifMatch: string | null, action: AuditAction, change: RowChange<Row>["change"]) {
  return applyChange(caller, ifMatch, INDICATIONS, { action, id, load: (tx) => findOwn(tx, caller, id), change });
}

function requireOpen(row: Row, what: string): void {
  if (row.stage !== "open") throw new ApiError("indication_closed", `A closed indication cannot be ${what}.`);
}

/** PATCH /my/indications/{id}: a JSON merge patch of the writable fields. */
export async function updateIndication(caller: Caller, id: string, patch: IndicationPatch, ifMatch: string | null): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.changeIndication);
  return changeOwn(caller, id, ifMatch, "indication.updated", (row, now) => {
    requireOpen(row, "changed");
    const merged: IndicationInput = { ...writableOf<IndicationInput>(show(row), WRITABLE_FIELDS, row.issuerId), ...patch };
    throwRuleIssue(indicationRuleIssues(merged));
    // A user's change confirms the indication is live (spec 2.4, last_refreshed_at).
    return { ...columnsOf(merged), lastRefreshedAt: now };
  });
}

/** POST /my/indications/{id}/refresh: the user confirms the indication is still live. */
export async function refreshIndication(caller: Caller, id: string, ifMatch: string | null): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.refreshIndication);
  return changeOwn(caller, id, ifMatch, "indication.refreshed", (row, now) => {
    requireOpen(row, "refreshed");
    return { lastRefreshedAt: now };
  });
}

/** POST /my/indications/{id}/close: open -> closed_lost; a closed one is answered unchanged. */
export async function closeIndication(caller: Caller, id: string, ifMatch: string | null): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.closeIndication);
  return changeOwn(caller, id, ifMatch, "indication.closed", (row) => (row.stage === "open" ? { stage: "closed_lost" } : null));
}
