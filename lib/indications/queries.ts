import { buildJsonPage, type JsonPage } from "../api/pagination";
import { confirmCaller, type Caller } from "../auth/caller";
import { getDb, getDbKind, sqlRunner } from "../db/client";
import { listCacheFor, indicationPageInput, runPage } from "../db/list-sql";
import type { Indication, IndicationListQuery } from "./schema";

/**
 * GET /my/indications: the caller's team's indications (team scope first: no filter can widen
 * it), ordered by the sort column then id. One SQL statement per page with a version-checked
 * cached count (lib/db/list-sql.ts; why: docs/performance.md).
 */
export async function listIndications(caller: Caller, query: IndicationListQuery): Promise<JsonPage<Indication>> {
  const db = getDb();
  const page = await runPage(sqlRunner(db), listCacheFor(db), indicationPageInput(getDbKind(), caller.teamId, query));
  confirmCaller(caller, page.authVersion);
  return buildJsonPage(page.itemsJson, query, page.total);
}
