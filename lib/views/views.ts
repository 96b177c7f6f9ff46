import "server-only";
import { newRowId } from "../db/row-id";
import type { Caller } from "../auth/caller";
import { getDb, isUniqueViolation } from "../db/client";
import { parseBody } from "../schema/body";
import { ApiError } from "../schema/errors";
import { saveViewSchema } from "./schema";
import { MAX_VIEWS_PER_TABLE, type SavedView, type SavedViewTable } from "./view";

/** The caller's own saved views of one table, by name. Never another user's. */
export async function listSavedViews(caller: Caller, table: SavedViewTable): Promise<SavedView[]> {
  return getDb().savedView.findMany({
    where: { userId: caller.userId, table },
    orderBy: { name: "asc" },
    select: { id: true, name: true, query: true },
  });
}

/**
 * Saves the view under its name: a name the user already has for that table is replaced (saving
 * "My bids" again updates it), a new one is added while the user has fewer than the limit.
 */
export async function saveView(caller: Caller, input: unknown): Promise<SavedView> {
  const { table, name, query } = parseBody(saveViewSchema, input);
  const db = getDb();
  const key = { userId_table_name: { userId: caller.userId, table, name } };
  const select = { id: true, name: true, query: true } as const;
  const existing = await db.savedView.findUnique({ where: key, select: { id: true } });
  if (!existing && (await db.savedView.count({ where: { userId: caller.userId, table } })) >= MAX_VIEWS_PER_TABLE) {
    throw ApiError.invalid("name", `name would make one view too many: you have ${MAX_VIEWS_PER_TABLE} saved views of this table, the most there may be; delete one first, or save under a name you already use.`);
  }
  const now = new Date();
  const upsert = () =>
    db.savedView.upsert({
      where: key,
      update: { query, updatedAt: now },
      create: { id: newRowId(), userId: caller.userId, table, name, query, createdAt: now, updatedAt: now },
      select,
    });
  try {
    return await upsert();
  } catch (error) {
    // Two saves of one new name at once: the second finds the first's row.
    if (!isUniqueViolation(error)) throw error;
    return upsert();
  }
}

/** Deletes one of the caller's views; another user's id is as unknown as a made-up one. */
export async function deleteView(caller: Caller, id: string): Promise<void> {
  const { count } = await getDb().savedView.deleteMany({ where: { id, userId: caller.userId } });
  if (count === 0) throw ApiError.notFound("No saved view with this id.");
}
