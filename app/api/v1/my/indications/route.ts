import { readJsonBody, parseBody } from "@/lib/api/body";
import { apiRoute, otherMethods } from "@/lib/api/handler";
import { toListBody } from "@/lib/api/pagination";
import { createIndication } from "@/lib/indications/commands";
import { listIndications } from "@/lib/indications/queries";
import { indicationResponse } from "@/lib/indications/responses";
import { parseIndicationListParams } from "@/lib/indications/schema";
import { indicationCreateSchema, REFUSED_ON_CREATE } from "@/lib/indications/write-schema";

export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseIndicationListParams(url.searchParams);
  if (!query.ok) throw query.error;
  return toListBody("indications", await listIndications(caller, query.value));
});

export const POST = apiRoute(async ({ request, caller }) => {
  const input = parseBody(indicationCreateSchema, await readJsonBody(request), REFUSED_ON_CREATE);
  return indicationResponse(await createIndication(caller, input), { created: true });
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
