import { readOnly } from "@/lib/http/handler";
import { keysetListResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { utcToday } from "@/lib/market/summary";
import { DAY_MARKS_ORDER, dayMarks } from "@/lib/marks/day-list";

export const GET = operationRoute(OPERATIONS.listDayMarks, async ({ request, url, input }) =>
  keysetListResponse(request, url, "marks", DAY_MARKS_ORDER, input, (at) => dayMarks(input.date ?? utcToday(), at)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
