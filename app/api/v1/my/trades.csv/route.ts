import { csvResponse, WHOLE_LIST } from "@/lib/http/csv";
import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { tradeExportList } from "@/lib/trades/queries";

/** The team's trades as CSV: the filters and sort of GET /my/trades, every matching row, with its broker. */
export const GET = operationRoute(OPERATIONS.exportTrades, async ({ caller, input }) => csvResponse(tradeExportList(caller.teamId, { ...input, ...WHOLE_LIST }), "trades"));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
