import { TRADES, teamListRoutes } from "@/lib/http/record-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = teamListRoutes(TRADES);
