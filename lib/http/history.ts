import type { Caller } from "../auth/caller";
import { resourceHistory } from "../audit/events";
import { apiRoute, readOnly } from "./handler";
import { etagResponse } from "./list-response";
import { buildJsonPage, toListBody } from "../schema/pagination";
import { historyParamsSchema, parseQuery } from "../schema/params";

/**
 * GET /my/<resources>/{id}/history: the resource's audit events, oldest first, a page of them,
 * with its ETag (304 to a matching If-None-Match) like every list page.
 * `find` answers 404 for an unknown or another team's id, before anything of its history.
 */
export function historyRoute(find: (caller: Caller, id: string) => Promise<{ resource: { id: string } }>) {
  return {
    ...readOnly,
    GET: apiRoute<{ id: string }>(async ({ request, url, caller, params }) => {
      const query = parseQuery(historyParamsSchema, url.searchParams);
      if (!query.ok) throw query.error;
      const { resource } = await find(caller, params.id);
      const page = await resourceHistory(caller.teamId, resource.id, query.value);
      return etagResponse(request, toListBody("events", buildJsonPage(JSON.stringify(page.items), query.value, page.total)));
    }),
  };
}
