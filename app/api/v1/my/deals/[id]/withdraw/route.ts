import { dealStepRoute } from "@/lib/http/deal-routes";
import { OPERATIONS } from "@/lib/http/operations";

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = dealStepRoute(OPERATIONS.withdrawDeal, "party", (body) => ({ step: "withdraw", reason: body?.reason }));
