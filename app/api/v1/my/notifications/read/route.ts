import { apiRoute, otherMethods } from "@/lib/http/handler";
import { bodyWithoutQuery, parseBody, readJsonBody } from "@/lib/schema/body";
import { markRead } from "@/lib/notifications/queries";
import { markReadSchema } from "@/lib/notifications/schema";

// Any signed-in caller marks their own notifications: no permission to declare.
export const POST = apiRoute(async ({ request, url, caller }) => markRead(caller, await bodyWithoutQuery(url, async () => parseBody(markReadSchema, await readJsonBody(request)))));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
