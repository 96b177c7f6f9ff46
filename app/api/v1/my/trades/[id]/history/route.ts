import { historyRoute } from "@/lib/api/history";
import { getTrade } from "@/lib/trades/commands";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = historyRoute(getTrade);
