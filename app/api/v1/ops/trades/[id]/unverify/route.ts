import { readJsonBody, parseBody } from "@/lib/api/body";
import { apiRoute, otherMethods } from "@/lib/api/handler";
import { noQuery } from "@/lib/api/params";
import { resourceResponse } from "@/lib/api/resource-response";
import { setTradeVerified } from "@/lib/trades/commands";
import { unverifySchema } from "@/lib/trades/write-schema";

export const POST = apiRoute<{ id: string }>(async ({ request, url, caller, params }) => {
  noQuery(url);
  const { reason } = parseBody(unverifySchema, await readJsonBody(request));
  return resourceResponse(await setTradeVerified(caller, params.id, false, reason, request.headers.get("if-match")));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
