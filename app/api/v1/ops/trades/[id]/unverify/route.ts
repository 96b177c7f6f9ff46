import { REQUIRES } from "@/lib/auth/requirements";
import { bodyWithoutQuery, readJsonBody, parseBody } from "@/lib/schema/body";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { resourceResponse } from "@/lib/http/resource-response";
import { setTradeVerified } from "@/lib/trades/commands";
import { unverifySchema } from "@/lib/trades/write-schema";

export const POST = apiRoute<{ id: string }, string>(
  {
    requires: REQUIRES.unverifyTrade,
    input: ({ request, url }) => bodyWithoutQuery(url, async () => parseBody(unverifySchema, await readJsonBody(request)).reason),
  },
  async ({ request, caller, params, input }) => resourceResponse(await setTradeVerified(caller, params.id, false, input, request.headers.get("if-match"))),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
