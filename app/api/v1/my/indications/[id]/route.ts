import { REQUIRES } from "@/lib/auth/requirements";
import { readJsonBody, parseBody } from "@/lib/schema/body";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { getIndication, updateIndication } from "@/lib/indications/commands";
import { resourceResponse } from "@/lib/http/resource-response";
import { indicationPatchSchema, INDICATION_REFUSED, type IndicationPatch } from "@/lib/indications/write-schema";
import { noQuery } from "@/lib/schema/params";

type Params = { id: string };

export const GET = apiRoute<Params>(async ({ request, url, caller, params }) => {
  noQuery(url);
  return resourceResponse(await getIndication(caller, params.id), { ifNoneMatch: request.headers.get("if-none-match") });
});

export const PATCH = apiRoute<Params, IndicationPatch>(
  {
    requires: REQUIRES.changeIndication,
    input: async ({ request, url }) => {
      noQuery(url);
      return parseBody(indicationPatchSchema, await readJsonBody(request), INDICATION_REFUSED.onPatch);
    },
  },
  async ({ request, caller, params, input }) => resourceResponse(await updateIndication(caller, params.id, input, request.headers.get("if-match"))),
);

export const { POST, PUT, DELETE, OPTIONS } = otherMethods("GET", "PATCH");
