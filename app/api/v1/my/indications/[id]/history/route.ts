import { historyRoute } from "@/lib/http/history";
import { OPERATIONS } from "@/lib/http/operations";
import { getIndication } from "@/lib/indications/queries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = historyRoute(OPERATIONS.indicationHistory, getIndication);
