import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { orderBookJson } from "@/lib/market/queries";
import { parseOrderBookParams, type OrderBookQuery } from "@/lib/market/schema";

export const GET = apiRoute<{ company_id: string }, OrderBookQuery>(
  {
    requires: REQUIRES.viewMarket,
    input: ({ url }) => {
      const query = parseOrderBookParams(url.searchParams);
      if (!query.ok) throw query.error;
      return query.value;
    },
  },
  async ({ caller, params, input }) => orderBookJson(caller, params.company_id, input),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
