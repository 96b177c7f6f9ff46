import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { dayMarks } from "@/lib/marks/day-list";

export const GET = operationRoute(OPERATIONS.listDayMarks, async ({ request, url, input }) => {
  const { body, headers } = await dayMarks(url, input);
  return etagResponse(request, body, headers);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
