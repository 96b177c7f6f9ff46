import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { noQuery } from "@/lib/schema/params";
import { closeIndication } from "@/lib/indications/commands";
import { resourceResponse } from "@/lib/http/resource-response";

export const POST = apiRoute<{ id: string }>({ requires: REQUIRES.closeIndication }, async ({ request, url, caller, params }) => {
  noQuery(url);
  return resourceResponse(await closeIndication(caller, params.id, request.headers.get("if-match")));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
