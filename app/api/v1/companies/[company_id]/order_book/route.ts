import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { orderBookJson } from "@/lib/market/queries";
import { parseOrderBookParams } from "@/lib/market/schema";

export const GET = apiRoute<{ company_id: string }>({ requires: REQUIRES.viewMarket }, async ({ url, caller, params }) => {
  const query = parseOrderBookParams(url.searchParams);
  if (!query.ok) throw query.error;
  return orderBookJson(caller, params.company_id, query.value);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
