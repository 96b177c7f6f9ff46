import "server-only";
import { ApiError } from "../schema/errors";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import type { AuditAction } from "../audit/events";
import type { IndicationRecord } from "../db/models";
import type { Versioned } from "../records/read";
import { columnsOfInput, throwRuleIssues, writableOf } from "../records/write-fields";
import { applyChange, applyCreate, type RecordTable, type RowChange } from "../records/write";
import { INDICATION_SOURCE } from "./queries";
import type { Indication } from "./schema";
import { indicationRuleIssues, WRITABLE_FIELDS, type IndicationInput, type IndicationPatch } from "./write-schema";

/**
 * The write side of indications: create, change, refresh, close. Each runs in one transaction
 * that also writes the audit event (lib/audit/events.ts) and answers with the indication read as
 * every read reads it (lib/indications/queries.ts); these functions are the only writers of the
 * table (the seeds and test fixtures aside).
 */

type WritableColumns = Omit<IndicationRecord, "id" | "teamId" | "userId" | "stage" | "permalinkId" | "createdAt" | "openedAt" | "lastRefreshedAt" | "updatedAt">;

/** The columns of writable fields, in their stored form. */
const columnsOf = (input: IndicationInput) => columnsOfInput<WritableColumns>(INDICATION_SOURCE.fields, input);

/** Where the writes of lib/records/write.ts read and write. */
const INDICATIONS: RecordTable<Indication> = { ...INDICATION_SOURCE, permalinkPrefix: "IND" };

/** POST /my/indications. */
export async function createIndication(caller: Caller, input: IndicationInput): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.createIndication);
  return applyCreate(caller, "indication.created", INDICATIONS, input.issuer_id, (row) => ({ ...columnsOf(input), stage: "open", openedAt: row.createdAt, lastRefreshedAt: row.createdAt }));
}

/** One change of one of the caller's team's indications. */
function changeOwn(caller: Caller, id: string, ifMatch: string | null, action: AuditAction, change: RowChange<Indication>["change"]) {
  return applyChange(caller, ifMatch, INDICATIONS, { action, id, teamId: caller.teamId, change });
}

function requireOpen(indication: Indication, what: string): void {
  if (indication.stage !== "open") throw new ApiError("indication_closed", `A closed indication cannot be ${what}.`);
}

/** PATCH /my/indications/{id}: a JSON merge patch of the writable fields. */
export async function updateIndication(caller: Caller, id: string, patch: IndicationPatch, ifMatch: string | null): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.changeIndication);
  return changeOwn(caller, id, ifMatch, "indication.updated", (indication, now) => {
    requireOpen(indication, "changed");
    const merged: IndicationInput = { ...writableOf<IndicationInput>(indication, WRITABLE_FIELDS, indication.issuer.id), ...patch };
    throwRuleIssues(indicationRuleIssues(merged), WRITABLE_FIELDS);
    // A user's change confirms the indication is live (spec 2.4, last_refreshed_at).
    return { ...columnsOf(merged), lastRefreshedAt: now };
  });
}

/** POST /my/indications/{id}/refresh: the user confirms the indication is still live. */
export async function refreshIndication(caller: Caller, id: string, ifMatch: string | null): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.refreshIndication);
  return changeOwn(caller, id, ifMatch, "indication.refreshed", (indication, now) => {
    requireOpen(indication, "refreshed");
    return { lastRefreshedAt: now };
  });
}

/** POST /my/indications/{id}/close: open -> closed_lost; a closed one is answered unchanged. */
export async function closeIndication(caller: Caller, id: string, ifMatch: string | null): Promise<Versioned<Indication>> {
  requirePermission(caller, REQUIRES.closeIndication);
  return changeOwn(caller, id, ifMatch, "indication.closed", (indication) => (indication.stage === "open" ? { stage: "closed_lost" } : null));
}
