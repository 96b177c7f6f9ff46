import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { noBody } from "@/lib/schema/body";
import { refreshIndication } from "@/lib/indications/commands";
import { resourceResponse } from "@/lib/http/resource-response";

export const POST = apiRoute<{ id: string }, void>(
  {
    requires: REQUIRES.refreshIndication,
    input: noBody,
  },
  async ({ request, caller, params }) => resourceResponse(await refreshIndication(caller, params.id, request.headers.get("if-match"))),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
