import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { listNotifications } from "@/lib/notifications/queries";

export const GET = operationRoute(OPERATIONS.listNotifications, async ({ caller, input }) => listNotifications(caller, input));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
