import { ApiResult, apiRoute, otherMethods } from "@/lib/http/handler";
import { noBody } from "@/lib/schema/body";
import { noQuery } from "@/lib/schema/params";
import { followCompany, getWatchlistEntry, unfollowCompany } from "@/lib/watchlist/watchlist";

// Any signed-in caller, any key of theirs: following is the user's own preference (docs/api/live.md, "Watchlist").
type Params = { company_id: string };

export const GET = apiRoute<Params>(async ({ url, caller, params }) => {
  noQuery(url);
  return getWatchlistEntry(caller, params.company_id);
});

export const PUT = apiRoute<Params>(async ({ request, url, caller, params }) => {
  await noBody({ request, url });
  const { entry, created } = await followCompany(caller, params.company_id);
  return created ? new ApiResult(entry, 201, { location: `/api/v1/my/watchlist/${entry.id}` }) : entry;
});

export const DELETE = apiRoute<Params>(async ({ request, url, caller, params }) => {
  await noBody({ request, url });
  await unfollowCompany(caller, params.company_id);
  return new ApiResult(undefined, 204);
});

export const { POST, PATCH, OPTIONS } = otherMethods("GET", "PUT", "DELETE");
