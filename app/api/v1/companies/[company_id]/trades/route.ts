import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { companyTradeList, tapeExtra } from "@/lib/market/queries";
import { parseCompanyTradeListParams, type CompanyTradeListQuery } from "@/lib/market/schema";

export const GET = apiRoute<{ company_id: string }, CompanyTradeListQuery>(
  {
    requires: REQUIRES.viewMarket,
    input: ({ url }) => {
      const query = parseCompanyTradeListParams(url.searchParams);
      if (!query.ok) throw query.error;
      return query.value;
    },
  },
  async ({ request, caller, params, input }) => {
    const list = companyTradeList(caller, params.company_id, input);
    // Every broker reads the same tape: its pages are kept while the trades stand.
    return listResponse(request, "trades", list, input, caller, { extra: tapeExtra(caller, params.company_id), keepAnswers: true });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
