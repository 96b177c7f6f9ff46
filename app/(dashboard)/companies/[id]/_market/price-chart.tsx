import type { Caller } from "@/lib/auth/caller";
import { priceHistory, CHART_DAYS } from "@/lib/market/chart";
import { loadOrderBook } from "./data";
import { PriceChartSvg } from "./price-chart-svg";

/**
 * The price chart: verified trades as points sized by volume and coloured by structure, the
 * book's best bid and offer as a band, the rolling 30- and 90-day VWAP as lines. Read and drawn
 * on the server (PriceChartSvg).
 */
export async function PriceChartSection({ caller, companyId }: { caller: Caller; companyId: string }) {
  const [history, book] = await Promise.all([priceHistory(caller, companyId), loadOrderBook(caller, companyId)]);
  return (
    <section aria-labelledby="price-chart-heading" className="space-y-2 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="price-chart">
      <h2 id="price-chart-heading" className="text-sm font-semibold text-slate-900">
        Price per share, last {CHART_DAYS} days
      </h2>
      <div data-testid="price-chart-svg">
        <PriceChartSvg history={history} bestBid={book.best_bid} bestOffer={book.best_offer} days={CHART_DAYS} />
      </div>
    </section>
  );
}
