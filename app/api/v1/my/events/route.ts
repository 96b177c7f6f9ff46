import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { feedLinks } from "@/lib/http/links";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { eventFeed } from "@/lib/audit/events";

export const GET = operationRoute(OPERATIONS.listEvents, async ({ request, url, caller, input }) => {
  const feed = await eventFeed(caller.teamId, input);
  return etagResponse(request, feed, feedLinks(url, feed));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
