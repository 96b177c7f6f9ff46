import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { listWatchlist } from "@/lib/watchlist/watchlist";

export const GET = operationRoute(OPERATIONS.listWatchlist, async ({ request, caller }) => etagResponse(request, await listWatchlist(caller)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
