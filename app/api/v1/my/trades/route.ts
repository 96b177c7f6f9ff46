import { TRADES, teamListRoutes } from "@/lib/http/deal-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = teamListRoutes(TRADES);
