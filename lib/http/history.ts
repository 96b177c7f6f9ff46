import type { Caller } from "../auth/caller";
import { resourceHistory } from "../audit/events";
import { ApiError } from "../schema/errors";
import { readOnly } from "./handler";
import { nextCursor, openCursor } from "./cursor";
import { etagResponse } from "./list-response";
import { pageLinks } from "./links";
import { buildJsonPage, toListBody } from "../schema/pagination";
import { cursorMessage } from "../schema/param-reader";
import { operationRoute } from "./operation-route";
import type { OPERATIONS } from "./operations";

/**
 * GET /my/<resources>/{id}/history: the resource's audit events, oldest first, a page of them,
 * with its ETag (304 to a matching If-None-Match), `next_cursor` and `Link` like every list page.
 * `find` answers 404 for an unknown or another team's id, before anything of its history.
 */
export function historyRoute(operation: typeof OPERATIONS.indicationHistory | typeof OPERATIONS.tradeHistory | typeof OPERATIONS.dealHistory, find: (caller: Caller, id: string) => Promise<{ resource: { id: string } }>) {
  return {
    ...readOnly,
    GET: operationRoute(operation, async ({ request, url, caller, params, input: query }) => {
      const order = { column: query.sort.field, direction: query.sort.direction };
      const after = query.cursor === undefined ? undefined : seqOf(openCursor(query.cursor, url.pathname, order).value ?? "", query.cursor);
      const { resource } = await find(caller, params.id);
      const read = await resourceHistory(caller.teamId, resource.id, query, after);
      const page = buildJsonPage(JSON.stringify(read.items), query, read.total, read);
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
