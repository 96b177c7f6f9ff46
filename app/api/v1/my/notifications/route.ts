import { apiRoute, readOnly } from "@/lib/http/handler";
import { parseQuery } from "@/lib/schema/params";
import { listNotifications } from "@/lib/notifications/queries";
import { notificationListParamsSchema } from "@/lib/notifications/schema";

export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseQuery(notificationListParamsSchema, url.searchParams);
  if (!query.ok) throw query.error;
  return listNotifications(caller, query.value);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
