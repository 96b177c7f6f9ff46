import { REQUIRES } from "@/lib/auth/requirements";
import { readJsonBody, parseBody } from "@/lib/schema/body";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { createIndication } from "@/lib/indications/commands";
import { indicationList } from "@/lib/indications/queries";
import { listResponse } from "@/lib/http/list-response";
import { resourceResponse } from "@/lib/http/resource-response";
import { parseIndicationListParams } from "@/lib/indications/schema";
import { indicationCreateSchema, INDICATION_REFUSED } from "@/lib/indications/write-schema";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseIndicationListParams(url.searchParams);
  if (!query.ok) throw query.error;
  return listResponse(request, "indications", indicationList(caller.teamId, query.value), query.value, caller);
});

export const POST = apiRoute(
  {
    requires: REQUIRES.createIndication,
    input: async ({ request }) => parseBody(indicationCreateSchema, await readJsonBody(request), INDICATION_REFUSED.onCreate),
  },
  async ({ caller, input }) => resourceResponse(await createIndication(caller, input), { createdIn: "/api/v1/my/indications" }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
