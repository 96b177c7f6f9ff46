import { apiRoute, readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { feedLinks } from "@/lib/http/links";
import { parseQuery } from "@/lib/schema/params";
import { eventFeed, eventFeedParamsSchema } from "@/lib/audit/events";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseQuery(eventFeedParamsSchema, url.searchParams);
  if (!query.ok) throw query.error;
  const feed = await eventFeed(caller.teamId, query.value);
  return etagResponse(request, feed, feedLinks(url, feed));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
