import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { companyTradeList, tapeExtra } from "@/lib/market/queries";
import { parseCompanyTradeListParams } from "@/lib/market/schema";

export const GET = apiRoute<{ company_id: string }>({ requires: REQUIRES.viewMarket }, async ({ request, url, caller, params }) => {
  const query = parseCompanyTradeListParams(url.searchParams);
  if (!query.ok) throw query.error;
  const list = companyTradeList(caller, params.company_id, query.value);
  // Every broker reads the same tape: its pages are kept while the trades stand.
  return listResponse(request, "trades", list, query.value, caller, { extra: tapeExtra(caller, params.company_id), keepAnswers: true });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
