import type { Caller } from "@/lib/auth/caller";
import { priceHistory, CHART_DAYS } from "@/lib/market/chart";
import { utcToday, windowStart } from "@/lib/market/summary";
import { companyMarks } from "@/lib/marks/queries";
import { loadOrderBook } from "./data";
import { PriceChartSvg } from "./price-chart-svg";

/**
 * The price chart: verified trades as points sized by volume and coloured by structure, the
 * book's best bid and offer as a band, the rolling 30- and 90-day VWAP as lines, the daily mark
 * and its band behind them. Read and drawn on the server (PriceChartSvg).
 */
export async function PriceChartSection({ caller, companyId }: { caller: Caller; companyId: string }) {
  const today = utcToday();
  // The marks over the chart's window, read as GET /companies/{id}/marks reads them.
  const [history, book, { marks }] = await Promise.all([
    priceHistory(caller, companyId, today),
    loadOrderBook(caller, companyId),
    companyMarks(caller, companyId, { from: windowStart(today, CHART_DAYS + 1), to: today }, today),
  ]);
  return (
    <section aria-labelledby="price-chart-heading" className="space-y-2 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="price-chart">
      <h2 id="price-chart-heading" className="text-sm font-semibold text-slate-900">
        Price per share, last {CHART_DAYS} days
      </h2>
      <div data-testid="price-chart-svg">
        <PriceChartSvg history={history} marks={marks} bestBid={book.best_bid} bestOffer={book.best_offer} days={CHART_DAYS} />
      </div>
    </section>
  );
}
