import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/schema/errors";
import type { Caller } from "@/lib/auth/caller";
import { REQUIRES } from "@/lib/auth/requirements";
import { getMarketIndication } from "@/lib/market/order";
import type { MarketIndication } from "@/lib/market/schema";
import { forbid } from "../../_lib/forbid";

/**
 * The order of /market/[permalink_id], loaded once per request (metadata and page both ask), by
 * the API's own function: 403 without the companies permission (as a company page), 404 for a
 * permalink the caller may not see, as the API's 404.
 */
export const loadOrderForPage = cache(async (caller: Caller, permalinkId: string): Promise<MarketIndication> => {
  try {
    return await getMarketIndication(caller, permalinkId);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 403) forbid({ kind: "permission", name: REQUIRES.viewMarket.permission });
      if (error.status === 404 || error.status === 400) notFound();
    }
    throw error;
  }
});
