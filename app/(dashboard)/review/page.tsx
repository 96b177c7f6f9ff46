import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { exportHref, tableParams, withoutParams } from "@/components/data-table/search-params";
import { TableUrlProvider, PendingRegion } from "@/components/data-table/url-state";
import { formatCount, formatUsd } from "@/lib/format";
import { tradeFacets } from "@/lib/trades/facets";
import { listTrades } from "@/lib/trades/queries";
import { DEFAULT_TRADE_SORT, tradeListParamsSchema, tradeExportParamsSchema, type Trade } from "@/lib/trades/schema";
import { VWAP_DEFINITION } from "@/lib/domain/vwap";
import { summarizeTrades, type TradeSummary } from "@/lib/trades/summary";
import { AverageUsd } from "../_components/cells";
import { InvalidQueryAlert } from "../_components/invalid-query";
import { Breakdown } from "./_components/breakdown";
import { BREAKDOWN_SORT_PARAMS } from "./params";
import { VolumeChart } from "./_components/volume-chart";
import { TradesTable } from "../_components/trades-table";
import { ReviewFilters } from "./_components/review-filters";
import { requireCaller } from "../_lib/caller";
import { getLogoColors } from "@/lib/logos/queries";
import { forbid } from "../_lib/forbid";
import { REVIEW_ROLE } from "./role";
import { COMPANY_SEARCH_URL, selectedIssuer } from "../_lib/issuer";
import { emptyPage, invalidQuery, pageInfo, readSearchParams, type PageSearchParams } from "../_lib/params";
import { parsePage } from "@/lib/schema/pagination";
import { teamMembers } from "@/lib/users/queries";
import { parseQuery } from "@/lib/schema/params";

export const metadata: Metadata = { title: "Review" };

/**
 * The review's URL is /trades' query with one difference: `is_verified` defaults to true here,
 * and `is_verified=all` asks for every trade (it is dropped before the query is parsed).
 */
function reviewQuery(query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query);
  const verified = next.get("is_verified");
  if (verified === null) next.set("is_verified", "true");
  else if (verified === "all") next.delete("is_verified");
  return next;
}

export default async function ReviewPage({ searchParams }: { searchParams: PageSearchParams }) {
  // Checked here as well as in the layout: Next renders a layout and its page concurrently, so a
  // check only in the layout would still let this page query (and serialise) the data.
  const caller = await requireCaller();
  if (caller.role !== REVIEW_ROLE) forbid({ kind: "role", name: REVIEW_ROLE });
  // The breakdowns' sorts are the page's own view state, not filters of the trades.
  const query = withoutParams(tableParams(await readSearchParams(searchParams)).query, BREAKDOWN_SORT_PARAMS);
  const parsed = parseQuery(tradeListParamsSchema, reviewQuery(query));

  const [page, summary, facets, brokers] = await Promise.all([
    parsed.ok ? listTrades(caller, parsed.value).then(parsePage) : Promise.resolve(emptyPage<Trade>()),
    parsed.ok ? summarizeTrades(caller, parsed.value) : Promise.resolve(null),
    parsed.ok ? tradeFacets(caller, parsed.value) : Promise.resolve(undefined),
    // The broker filter's choices: every member of the team, whether or not the filters leave them trades.
    teamMembers(caller),
  ]);
  const issuer = await selectedIssuer(caller, parsed.ok ? parsed.value.issuer_id : undefined, page.items);
  const verified = parsed.ok ? parsed.value.is_verified : true;
  const scope = verified === true ? "Verified trades" : verified === false ? "Unverified trades" : "All trades";

  return (
    <TableUrlProvider>
      <PageHeader title="Review" description={`${scope} of team ${caller.teamName}, with totals for the filtered set.`} />
      {parsed.ok ? null : <InvalidQueryAlert error={invalidQuery(parsed.error)} resetHref="/review" />}
      <ReviewFilters
        issuer={{ selected: issuer, searchUrl: COMPANY_SEARCH_URL }}
        brokers={brokers.map((user) => ({ value: user.id, label: user.name }))}
        facets={facets}
      >
        {summary ? <Totals summary={summary} /> : <p className="text-xs text-slate-600">No totals: the filters above are not valid.</p>}
      </ReviewFilters>
      {summary ? (
        <PendingRegion className="mb-5 space-y-3">
          <VolumeChart months={summary.by_month} />
          <div className="grid grid-cols-1 items-start gap-3 xl:grid-cols-2">
            <Breakdown
              title="By company"
              noun="company"
              param="issuer_id"
              sortParam="company_sort"
              rows={summary.by_company.map(({ issuer, ...totals }) => ({ id: issuer.id, name: issuer.name, ...totals }))}
              testId="breakdown-table"
            />
            <Breakdown
              title="By broker"
              noun="broker"
              param="user_id"
              sortParam="broker_sort"
              rows={summary.by_broker.map(({ broker, ...totals }) => ({ id: broker.id, name: broker.name, ...totals }))}
              testId="broker-breakdown"
            />
          </div>
        </PendingRegion>
      ) : null}
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Trades</h2>
      {/* Filtered by the bar above: the table itself offers none. */}
      <TradesTable
        rows={page.items}
        page={pageInfo(page)}
        sort={parsed.ok ? parsed.value.sort : DEFAULT_TRADE_SORT}
        issuer={null}
        filters={[]}
        label="Trades under review"
        testId="review-trades-table"
        logoColors={await getLogoColors(page.items.map((row) => row.issuer.id))}
        invalidLink={!parsed.ok}
        exportHref={parsed.ok ? exportHref("/api/v1/my/trades.csv", reviewQuery(query), Object.keys(tradeExportParamsSchema.shape)) : undefined}
      />
    </TableUrlProvider>
  );
}

function Totals({ summary }: { summary: TradeSummary }) {
  const items = [
    { label: "Trades", value: formatCount(summary.count), testId: "total-count", raw: String(summary.count) },
    { label: "Total volume", value: formatUsd(summary.total_volume), testId: "total-volume", raw: summary.total_volume },
    {
      label: "VWAP per share",
      value: <AverageUsd value={summary.vwap_price_per_share} />,
      testId: "total-vwap",
      raw: summary.vwap_price_per_share ?? "",
      hint: VWAP_DEFINITION,
    },
  ];
  return (
    <section aria-labelledby="totals-heading" data-testid="review-totals">
      <h3 id="totals-heading" className="sr-only">
        Totals of the filtered trades
      </h3>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
        {items.map((item) => (
          <div key={item.label} className="rounded-md bg-slate-50 px-3 py-2 sm:px-4 sm:py-3" title={item.hint}>
            <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-600">{item.label}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums text-slate-900" data-testid={item.testId} data-value={item.raw} title={item.raw}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
