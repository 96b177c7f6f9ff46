"use server";

import { parseBody } from "@/lib/schema/body";
import { ApiError } from "@/lib/schema/errors";
import type { Versioned } from "@/lib/records/read";
import { closeIndication, createIndication, refreshIndication, updateIndication } from "@/lib/indications/commands";
import { getIndication } from "@/lib/indications/queries";
import type { Indication } from "@/lib/indications/schema";
import { INDICATION_REFUSED, indicationCreateSchema, indicationPatchSchema } from "@/lib/indications/write-schema";
import type { LastChange } from "@/lib/audit/events";
import { checkEtag, checkId } from "./inputs";
import { withLastChange } from "./last-change";
import { runAction, runForEach, type ActionResult } from "./result";

/**
 * The dashboard's writes of indications: the same write-side functions (lib/indications/commands.ts)
 * and body schemas as POST/PATCH /api/v1/my/indications, so every rule is checked once, there.
 * The form runs the same schema in the browser first, for instant feedback only.
 */

export async function createIndicationAction(input: unknown): Promise<ActionResult<Versioned<Indication>>> {
  return runAction((caller) => createIndication(caller, parseBody(indicationCreateSchema, input, INDICATION_REFUSED.onCreate)));
}

/** The indication as it is now (after a 412, to show what changed). */
export async function readIndicationAction(id: unknown): Promise<ActionResult<Versioned<Indication> & { lastChange: LastChange | null }>> {
  return runAction(async (caller) => withLastChange(caller, await getIndication(caller, checkId(id, "an indication"))));
}

/** A change guarded by the ETag the form was loaded with: someone else's change in between is a 412. */
export async function updateIndicationAction(id: unknown, patch: unknown, etag: unknown): Promise<ActionResult<Versioned<Indication>>> {
  return runAction((caller) => updateIndication(caller, checkId(id, "an indication"), parseBody(indicationPatchSchema, patch, INDICATION_REFUSED.onPatch), checkEtag(etag)));
}

export async function refreshIndicationAction(id: unknown, etag: unknown): Promise<ActionResult<Versioned<Indication>>> {
  return runAction((caller) => refreshIndication(caller, checkId(id, "an indication"), checkEtag(etag)));
}

export async function closeIndicationAction(id: unknown, etag: unknown): Promise<ActionResult<Versioned<Indication>>> {
  return runAction((caller) => closeIndication(caller, checkId(id, "an indication"), checkEtag(etag)));
}

/** Several selected rows at once: one write (and one result) per row. */
export async function bulkIndicationAction(action: unknown, ids: unknown) {
  const write = action === "refresh" ? refreshIndication : action === "close" ? closeIndication : null;
  if (!write) return runAction(async () => Promise.reject(ApiError.invalid("action", 'action must be "refresh" or "close".')));
  return runForEach(ids, async (caller, id) => (await write(caller, checkId(id, "an indication"), null)).resource.stage);
}
