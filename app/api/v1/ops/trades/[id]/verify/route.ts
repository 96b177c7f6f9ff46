import { REQUIRES } from "@/lib/auth/requirements";
import { readJsonBody, parseBody } from "@/lib/schema/body";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { noQuery } from "@/lib/schema/params";
import { resourceResponse } from "@/lib/http/resource-response";
import { setTradeVerified } from "@/lib/trades/commands";
import { verifySchema } from "@/lib/trades/write-schema";

export const POST = apiRoute<{ id: string }>({ requires: REQUIRES.verifyTrade }, async ({ request, url, caller, params }) => {
  noQuery(url);
  const { reason } = parseBody(verifySchema, await readJsonBody(request, { optional: true }));
  return resourceResponse(await setTradeVerified(caller, params.id, true, reason, request.headers.get("if-match")));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
