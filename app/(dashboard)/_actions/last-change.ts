import "server-only";
import type { Caller } from "@/lib/auth/caller";
import { lastChange, type LastChange } from "@/lib/audit/events";
import type { Versioned } from "@/lib/records/read";

/** A record as read for a form, with who changed it last and when (a conflict names them). */
export async function withLastChange<T extends { id: string }>(caller: Caller, read: Versioned<T>): Promise<Versioned<T> & { lastChange: LastChange | null }> {
  return { ...read, lastChange: await lastChange(caller.teamId, read.resource.id) };
}
