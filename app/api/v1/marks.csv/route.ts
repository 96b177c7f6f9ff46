import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { dayMarksCsv } from "@/lib/marks/day-list";

/** Every company's mark of the day as CSV: the items of GET /marks, every one, no page. */
export const GET = operationRoute(OPERATIONS.exportDayMarks, async ({ input }) => dayMarksCsv(input.date));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
