import { getDeal } from "@/lib/deals/queries";
import { historyRoute } from "@/lib/http/history";
import { OPERATIONS } from "@/lib/http/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = historyRoute(OPERATIONS.dealHistory, getDeal);
