import { TRADES, teamItemRoutes } from "@/lib/http/record-routes";

export const { GET, PATCH, POST, PUT, DELETE, OPTIONS } = teamItemRoutes(TRADES);
