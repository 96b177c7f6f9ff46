import { ApiResult, otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { followCompany, getWatchlistEntry, unfollowCompany } from "@/lib/watchlist/watchlist";

export const GET = operationRoute(OPERATIONS.getWatchlistEntry, async ({ caller, params }) => getWatchlistEntry(caller, params.company_id));

export const PUT = operationRoute(OPERATIONS.followCompany, async ({ caller, params }) => {
  const { entry, created } = await followCompany(caller, params.company_id);
  return created ? new ApiResult(entry, 201, { location: `/api/v1/my/watchlist/${entry.id}` }) : entry;
});

export const DELETE = operationRoute(OPERATIONS.unfollowCompany, async ({ caller, params }) => {
  await unfollowCompany(caller, params.company_id);
  return new ApiResult(undefined, 204);
});

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
