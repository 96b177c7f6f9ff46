import { readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { companyTradeList, tapeExtra } from "@/lib/market/queries";

export const GET = operationRoute(OPERATIONS.listCompanyTrades, async ({ request, caller, params, input }) => {
  const list = companyTradeList(caller, params.company_id, input);
  // Every broker reads the same tape: its pages are kept while the trades stand.
  return listResponse(request, "trades", list, input, { extra: tapeExtra(caller, params.company_id), keepAnswers: true });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
