import { dealStepRoute } from "@/lib/http/deal-routes";
import { OPERATIONS } from "@/lib/http/operations";

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = dealStepRoute(OPERATIONS.declineDeal, "party", ({ reason }) => ({ step: "decline", reason }));
