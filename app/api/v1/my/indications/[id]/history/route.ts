import { historyRoute } from "@/lib/http/history";
import { getIndication } from "@/lib/indications/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = historyRoute(getIndication);
