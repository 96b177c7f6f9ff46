import { apiRoute, readOnly } from "@/lib/api/handler";
import { toListBody } from "@/lib/api/pagination";
import { listTrades } from "@/lib/trades/queries";
import { parseTradeListParams } from "@/lib/trades/schema";

export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseTradeListParams(url.searchParams);
  if (!query.ok) throw query.error;
  return toListBody("trades", await listTrades(caller, query.value));
});

export const { POST, PUT, PATCH, DELETE } = readOnly;
