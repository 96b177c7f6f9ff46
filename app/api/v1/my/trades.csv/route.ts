import { csvResponse, WHOLE_LIST } from "@/lib/http/csv";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { tradeExportList } from "@/lib/trades/queries";
import { parseTradeExportParams } from "@/lib/trades/schema";

/** The team's trades as CSV: the filters and sort of GET /my/trades, every matching row, with its broker. */
export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseTradeExportParams(url.searchParams);
  if (!query.ok) throw query.error;
  return csvResponse(tradeExportList(caller.teamId, { ...query.value, ...WHOLE_LIST }), caller, "trades");
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
