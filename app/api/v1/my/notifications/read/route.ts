import { otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { markRead } from "@/lib/notifications/queries";

// Any signed-in caller marks their own notifications: no permission to declare.
export const POST = operationRoute(OPERATIONS.markNotificationsRead, async ({ caller, input }) => markRead(caller, input));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
