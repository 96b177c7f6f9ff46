import { historyRoute } from "@/lib/http/history";
import { getTrade } from "@/lib/trades/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = historyRoute(getTrade);
