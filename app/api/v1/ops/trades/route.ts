import { apiRoute, readOnly } from "@/lib/api/handler";
import { toListBody } from "@/lib/api/pagination";
import { parseQuery } from "@/lib/api/params";
import { listOpsTrades } from "@/lib/trades/queries";
import { opsTradeListParamsSchema } from "@/lib/trades/schema";

export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseQuery(opsTradeListParamsSchema, url.searchParams);
  if (!query.ok) throw query.error;
  return toListBody("trades", await listOpsTrades(caller, query.value));
});

export const { POST, PUT, PATCH, DELETE } = readOnly;
