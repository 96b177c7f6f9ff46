import { INDICATIONS, teamListRoutes } from "@/lib/http/deal-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = teamListRoutes(INDICATIONS);
