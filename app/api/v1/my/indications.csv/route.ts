import { csvResponse, WHOLE_LIST } from "@/lib/http/csv";
import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { indicationList } from "@/lib/indications/queries";

/** The team's indications as CSV: the filters and sort of GET /my/indications, every matching row. */
export const GET = operationRoute(OPERATIONS.exportIndications, async ({ caller, input }) => csvResponse(indicationList(caller.teamId, { ...input, ...WHOLE_LIST }), "indications"));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
