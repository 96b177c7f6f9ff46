import { apiRoute, otherMethods } from "@/lib/api/handler";
import { noQuery } from "@/lib/api/params";
import { closeIndication } from "@/lib/indications/commands";
import { indicationResponse } from "@/lib/indications/responses";

export const POST = apiRoute<{ id: string }>(async ({ request, url, caller, params }) => {
  noQuery(url);
  return indicationResponse(await closeIndication(caller, params.id, request.headers.get("if-match")));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
