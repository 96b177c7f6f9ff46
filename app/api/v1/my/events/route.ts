import { apiRoute, readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { parseQuery } from "@/lib/schema/params";
import { eventFeed, eventFeedParamsSchema } from "@/lib/audit/events";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseQuery(eventFeedParamsSchema, url.searchParams);
  if (!query.ok) throw query.error;
  return etagResponse(request, await eventFeed(caller.teamId, query.value));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
