import { REQUIRES } from "@/lib/auth/requirements";
import { readJsonBody, parseBody } from "@/lib/schema/body";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { noQuery } from "@/lib/schema/params";
import { resourceResponse } from "@/lib/http/resource-response";
import { getTrade, updateTrade } from "@/lib/trades/commands";
import { TRADE_REFUSED, tradePatchSchema, type TradePatch } from "@/lib/trades/write-schema";

type Params = { id: string };

export const GET = apiRoute<Params>(async ({ request, url, caller, params }) => {
  noQuery(url);
  return resourceResponse(await getTrade(caller, params.id), { ifNoneMatch: request.headers.get("if-none-match") });
});

export const PATCH = apiRoute<Params, TradePatch>(
  {
    requires: REQUIRES.changeTrade,
    input: async ({ request, url }) => {
      noQuery(url);
      return parseBody(tradePatchSchema, await readJsonBody(request), TRADE_REFUSED.onPatch);
    },
  },
  async ({ request, caller, params, input }) => resourceResponse(await updateTrade(caller, params.id, input, request.headers.get("if-match"))),
);

export const { POST, PUT, DELETE, OPTIONS } = otherMethods("GET", "PATCH");
