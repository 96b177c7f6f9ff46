import "server-only";
import type { Caller } from "../auth/caller";
import type { CompanySummary } from "../companies/schema";
import { getDb, isUniqueViolation } from "../db/client";
import { ApiError } from "../schema/errors";
import { companyIdOf, noSuchCompany } from "../schema/params";
import { MAX_FOLLOWED, type Watchlist, type WatchlistEntry } from "./schema";
import { entryOf, SUMMARY_KEYS } from "./serializer";

/**
 * A user's watchlist (docs/api/live.md, "Watchlist"): the companies they follow, their own and no one
 * else's, whatever their team or permissions. Every function reads and writes only the caller's
 * rows, so another user's entries are never seen, changed or even counted.
 */

// The company's columns the directory's list item holds (its API names are its column names).
const SUMMARY_SELECT = Object.fromEntries(SUMMARY_KEYS.map((key) => [key, true])) as Record<keyof CompanySummary, true>;
const ENTRY_SELECT = { createdAt: true, company: { select: SUMMARY_SELECT } } as const;

/** The path's company id as stored (ids are lower-case UUIDs), or the 404 of a malformed one. */
function storedId(companyId: string): string {
  return companyIdOf(companyId).toLowerCase();
}

async function requireCompany(companyId: string): Promise<void> {
  const found = await getDb().company.findUnique({ where: { id: companyId }, select: { id: true } });
  if (!found) throw noSuchCompany(companyId);
}

/** GET /my/watchlist: the caller's followed companies by name, ties by id. */
export async function listWatchlist(caller: Caller): Promise<Watchlist> {
  const rows = await getDb().watchlistEntry.findMany({
    where: { userId: caller.userId },
    select: ENTRY_SELECT,
    orderBy: [{ company: { name: "asc" } }, { companyId: "asc" }],
    take: MAX_FOLLOWED,
  });
  return { companies: rows.map((row) => entryOf(row.company, row.createdAt)) };
}

/** The ids of the companies the caller follows: the directory's `following` filter. */
export async function followedCompanyIds(caller: Caller): Promise<string[]> {
  const rows = await getDb().watchlistEntry.findMany({ where: { userId: caller.userId }, select: { companyId: true }, take: MAX_FOLLOWED });
  return rows.map((row) => row.companyId);
}

async function findEntry(caller: Caller, companyId: string): Promise<WatchlistEntry | null> {
  const row = await getDb().watchlistEntry.findUnique({ where: { userId_companyId: { userId: caller.userId, companyId } }, select: ENTRY_SELECT });
  return row && entryOf(row.company, row.createdAt);
}

/** GET /my/watchlist/{company_id}: the entry, or 404 for a company not followed or unknown. */
export async function getWatchlistEntry(caller: Caller, companyId: string): Promise<WatchlistEntry> {
  const id = storedId(companyId);
  const entry = await findEntry(caller, id);
  if (entry) return entry;
  await requireCompany(id);
  throw ApiError.notFound(`Company ${id} is not followed: follow it with PUT /my/watchlist/${id}.`);
}

/**
 * PUT /my/watchlist/{company_id}: follows the company. Idempotent: following a followed company
 * changes nothing (`created` false) and keeps its `followed_at`.
 */
export async function followCompany(caller: Caller, companyId: string): Promise<{ entry: WatchlistEntry; created: boolean }> {
  const id = storedId(companyId);
  const known = await findEntry(caller, id);
  if (known) return { entry: known, created: false };
  await requireCompany(id);
  const db = getDb();
  if ((await db.watchlistEntry.count({ where: { userId: caller.userId } })) >= MAX_FOLLOWED) {
    throw new ApiError("watchlist_full", `You follow ${MAX_FOLLOWED} companies, the most one may: unfollow one first (DELETE /my/watchlist/{company_id}).`);
  }
  try {
    const row = await db.watchlistEntry.create({ data: { userId: caller.userId, companyId: id, createdAt: new Date() }, select: ENTRY_SELECT });
    return { entry: entryOf(row.company, row.createdAt), created: true };
  } catch (error) {
    // Two follows of one company at once: the second finds the first's row.
    if (!isUniqueViolation(error)) throw error;
    return { entry: (await findEntry(caller, id))!, created: false };
  }
}

/**
 * DELETE /my/watchlist/{company_id}: unfollows the company. Idempotent as PUT is: a company not
 * followed is unfollowed already (204); only an unknown company is a 404.
 */
export async function unfollowCompany(caller: Caller, companyId: string): Promise<void> {
  const id = storedId(companyId);
  const { count } = await getDb().watchlistEntry.deleteMany({ where: { userId: caller.userId, companyId: id } });
  if (count === 0) await requireCompany(id);
}
