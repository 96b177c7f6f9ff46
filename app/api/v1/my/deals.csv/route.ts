import { dealExportList } from "@/lib/deals/queries";
import { csvResponse, WHOLE_LIST } from "@/lib/http/csv";
import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";

/** The team's deals as CSV: the filters and sort of GET /my/deals, every matching row, named as the list names them. */
export const GET = operationRoute(OPERATIONS.exportDeals, async ({ caller, input }) => csvResponse(dealExportList(caller, { ...input, ...WHOLE_LIST }), "deals"));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
