import { requestIntroduction } from "@/lib/deals/commands";
import { otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { resourceResponse } from "@/lib/http/resource-response";

export const POST = operationRoute(OPERATIONS.requestIntroduction, async ({ caller, params, input }) =>
  resourceResponse(await requestIntroduction(caller, params.permalink_id, input), { createdIn: "/api/v1/my/deals" }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
