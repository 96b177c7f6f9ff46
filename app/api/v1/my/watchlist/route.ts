import { apiRoute, readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { noQuery } from "@/lib/schema/params";
import { listWatchlist } from "@/lib/watchlist/watchlist";

// Any signed-in caller, any key of theirs: following is the user's own preference (docs/api/live.md, "Watchlist").
export const GET = apiRoute(async ({ request, url, caller }) => {
  noQuery(url);
  return etagResponse(request, await listWatchlist(caller));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
