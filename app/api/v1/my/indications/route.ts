import { apiRoute, readOnly } from "@/lib/api/handler";
import { toListBody } from "@/lib/api/pagination";
import { listIndications } from "@/lib/indications/queries";
import { parseIndicationListParams } from "@/lib/indications/schema";

export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseIndicationListParams(url.searchParams);
  if (!query.ok) throw query.error;
  return toListBody("indications", await listIndications(caller, query.value));
});

export const { POST, PUT, PATCH, DELETE } = readOnly;
