import { dealStepRoute } from "@/lib/http/deal-routes";
import { OPERATIONS } from "@/lib/http/operations";

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = dealStepRoute(OPERATIONS.closeDeal, "marketplace", ({ won_date }) => ({ step: "close", won_date }));
