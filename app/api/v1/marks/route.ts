import { readOnly } from "@/lib/http/handler";
import { keptResponse, keysetListAnswer } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { utcToday } from "@/lib/market/summary";
import { DAY_MARKS_ORDER, dayMarks } from "@/lib/marks/day-list";
import { marksVersion } from "@/lib/marks/kept";

// Kept while no mark is written (lib/marks/kept.ts): the key is the day listed and the page asked for.
export const GET = operationRoute(OPERATIONS.listDayMarks, async ({ request, url, input }) => {
  const date = input.date ?? utcToday();
  const read = () => keysetListAnswer(url, "marks", DAY_MARKS_ORDER, input, (at) => dayMarks(date, at));
  return keptResponse(request, { key: `marks day ${date} ${url.href}`, version: await marksVersion(), read });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
