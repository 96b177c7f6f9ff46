import { readJsonBody, parseBody } from "@/lib/api/body";
import { apiRoute, otherMethods } from "@/lib/api/handler";
import { getIndication, updateIndication } from "@/lib/indications/commands";
import { indicationResponse } from "@/lib/indications/responses";
import { indicationPatchSchema, REFUSED_ON_PATCH } from "@/lib/indications/write-schema";
import { noQuery } from "@/lib/api/params";

type Params = { id: string };

export const GET = apiRoute<Params>(async ({ request, url, caller, params }) => {
  noQuery(url);
  return indicationResponse(await getIndication(caller, params.id), { ifNoneMatch: request.headers.get("if-none-match") });
});

export const PATCH = apiRoute<Params>(async ({ request, url, caller, params }) => {
  noQuery(url);
  const patch = parseBody(indicationPatchSchema, await readJsonBody(request), REFUSED_ON_PATCH);
  return indicationResponse(await updateIndication(caller, params.id, patch, request.headers.get("if-match")));
});

export const { POST, PUT, DELETE } = otherMethods("GET", "PATCH");
