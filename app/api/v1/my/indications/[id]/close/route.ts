import { apiRoute, otherMethods } from "@/lib/api/handler";
import { noQuery } from "@/lib/api/params";
import { closeIndication } from "@/lib/indications/commands";
import { resourceResponse } from "@/lib/api/resource-response";

export const POST = apiRoute<{ id: string }>(async ({ request, url, caller, params }) => {
  noQuery(url);
  return resourceResponse(await closeIndication(caller, params.id, request.headers.get("if-match")));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
