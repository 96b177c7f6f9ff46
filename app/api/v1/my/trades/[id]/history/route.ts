import { historyRoute } from "@/lib/http/history";
import { OPERATIONS } from "@/lib/http/operations";
import { getTrade } from "@/lib/trades/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = historyRoute(OPERATIONS.tradeHistory, getTrade);
