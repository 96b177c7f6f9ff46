import { INDICATIONS, teamItemRoutes } from "@/lib/http/deal-routes";

export const { GET, PATCH, POST, PUT, DELETE, OPTIONS } = teamItemRoutes(INDICATIONS);
