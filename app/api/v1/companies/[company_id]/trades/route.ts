import { apiRoute, readOnly } from "@/lib/api/handler";
import { listResponse } from "@/lib/api/list-response";
import { companyTradeList, requireCompany } from "@/lib/market/queries";
import { parseCompanyTradeListParams } from "@/lib/market/schema";
import { summarizeCompanyTrades, utcToday } from "@/lib/market/summary";

export const GET = apiRoute<{ company_id: string }>(async ({ request, url, caller, params }) => {
  const query = parseCompanyTradeListParams(url.searchParams);
  if (!query.ok) throw query.error;
  const list = companyTradeList(caller, params.company_id, query.value);
  await requireCompany(caller, params.company_id);
  const today = utcToday();
  return listResponse(request, "trades", list, query.value, caller, { key: today, read: async () => ({ summary: await summarizeCompanyTrades(params.company_id, today) }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
