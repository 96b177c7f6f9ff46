import { csvDownload, recordStream } from "@/lib/http/csv";
import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { utcToday } from "@/lib/market/summary";
import { DAY_MARKS_CSV_HEADER, dayMarkRecords } from "@/lib/marks/day-list";

/** Every company's mark of the day (today by default) as CSV: the items of GET /marks, every one, no page. */
export const GET = operationRoute(OPERATIONS.exportDayMarks, async ({ input }) => {
  const date = input.date ?? utcToday();
  return csvDownload(await recordStream(DAY_MARKS_CSV_HEADER, dayMarkRecords(date)), `marks-${date}.csv`);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
