import type { Caller } from "../auth/caller";
import { resourceHistory } from "../audit/events";
import { ApiError } from "../schema/errors";
import { apiRoute, readOnly } from "./handler";
import { nextCursor, openCursor } from "./cursor";
import { etagResponse } from "./list-response";
import { pageLinks } from "./links";
import { buildJsonPage, toListBody } from "../schema/pagination";
import { cursorMessage, historyParamsSchema, parseQuery } from "../schema/params";

/**
 * GET /my/<resources>/{id}/history: the resource's audit events, oldest first, a page of them,
 * with its ETag (304 to a matching If-None-Match), `next_cursor` and `Link` like every list page.
 * `find` answers 404 for an unknown or another team's id, before anything of its history.
 */
export function historyRoute(find: (caller: Caller, id: string) => Promise<{ resource: { id: string } }>) {
  return {
    ...readOnly,
    GET: apiRoute<{ id: string }>(async ({ request, url, caller, params }) => {
      const query = parseQuery(historyParamsSchema, url.searchParams);
      if (!query.ok) throw query.error;
      const order = { column: query.value.sort.field, direction: query.value.sort.direction };
      const after = query.value.cursor === undefined ? undefined : seqOf(openCursor(query.value.cursor, url.pathname, order).value, query.value.cursor);
      const { resource } = await find(caller, params.id);
      const read = await resourceHistory(caller.teamId, resource.id, query.value, after);
      const page = buildJsonPage(JSON.stringify(read.items), query.value, read.total, read);
      const nav = { page: page.page, next_cursor: nextCursor(url.pathname, order, read.next) };
      return etagResponse(request, toListBody("events", page, nav.next_cursor), pageLinks(url, nav));
    }),
  };
}

/** A history cursor's row: its event's seq (resourceHistory), which a cursor this API sealed always holds. */
function seqOf(value: string, token: string): number {
  if (!/^\d{1,15}$/.test(value)) throw ApiError.invalid("cursor", cursorMessage("cursor", token));
  return Number(value);
}
