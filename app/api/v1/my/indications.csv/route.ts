import { csvResponse, WHOLE_LIST } from "@/lib/http/csv";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { indicationList } from "@/lib/indications/queries";
import { parseIndicationExportParams } from "@/lib/indications/schema";

/** The team's indications as CSV: the filters and sort of GET /my/indications, every matching row. */
export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseIndicationExportParams(url.searchParams);
  if (!query.ok) throw query.error;
  return csvResponse(indicationList(caller.teamId, { ...query.value, ...WHOLE_LIST }), caller, "indications");
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
