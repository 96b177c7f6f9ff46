import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { tableParams, withoutParams } from "@/components/data-table/search-params";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import { LiveRefresh } from "@/components/live/live-refresh";
import { LOGO_SIZES } from "@/lib/domain/enums";
import { listIndications } from "@/lib/indications/queries";
import { DEFAULT_INDICATION_SORT, indicationListParamsSchema, type Indication } from "@/lib/indications/schema";
import { listTrades } from "@/lib/trades/queries";
import { DEFAULT_TRADE_SORT, tradeListParamsSchema, type Trade } from "@/lib/trades/schema";
import { CompanyLogo } from "../../_components/company-logo";
import { FollowButton } from "../../_components/follow";
import { NewIndicationButton } from "../../_components/record-form/indication-form";
import { RecordTradeButton } from "../../_components/record-form/trade-form";
import { IndicationsTable } from "../../_components/indications-table";
import { InvalidQueryAlert } from "../../_components/invalid-query";
import { TradesTable } from "../../_components/trades-table";
import { requireCaller } from "../../_lib/caller";
import { loadCompanyForPage } from "../../_lib/company";
import { emptyPage, invalidQuery, pageInfo, readSearchParams, type PageSearchParams } from "../../_lib/params";
import { parsePage } from "@/lib/schema/pagination";
import { MarkSection } from "./_market/mark";
import { MarketSectionSkeleton } from "./_market/market-skeletons";
import { OrderBookSection } from "./_market/order-book";
import { PriceChartSection } from "./_market/price-chart";
import { TradeTapeSection } from "./_market/trade-tape";
import { parseQuery } from "@/lib/schema/params";
import { SMALL_LINK } from "../../_components/link-styles";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const caller = await requireCaller();
  const { id } = await params;
  const company = await loadCompanyForPage(caller, id);
  return { title: company.name };
}

// The two tables share the page's URL, each under its own prefix.
const IND = "ind_";
const TRD = "trd_";
const COMPANY_PAGE_SIZE = "10";

/** A table's query on this page: the URL's (prefixed) parameters plus the ones the page fixes. */
function fixedQuery(query: URLSearchParams, fixed: Record<string, string>): URLSearchParams {
  const next = withoutParams(query, Object.keys(fixed));
  for (const [key, value] of Object.entries(fixed)) next.set(key, value);
  if (!next.has("per_page")) next.set("per_page", COMPANY_PAGE_SIZE);
  return next;
}

export default async function CompanyPage({ params, searchParams }: { params: Params; searchParams: PageSearchParams }) {
  const caller = await requireCaller();
  const { id } = await params;
  const company = await loadCompanyForPage(caller, id); // 403 / 404 already handled by the layout
  const all = await readSearchParams(searchParams);

  const indications = parseQuery(indicationListParamsSchema, fixedQuery(tableParams(all, IND).query, { issuer_id: company.id, stage: "open" }));
  const trades = parseQuery(tradeListParamsSchema, fixedQuery(tableParams(all, TRD).query, { issuer_id: company.id }));
  const [indicationPage, tradePage] = await Promise.all([
    indications.ok ? listIndications(caller, indications.value).then(parsePage) : Promise.resolve(emptyPage<Indication>()),
    trades.ok ? listTrades(caller, trades.value).then(parsePage) : Promise.resolve(emptyPage<Trade>()),
  ]);

  return (
    <article className="space-y-6" data-testid="company-page">
      <LiveRefresh market={company.id} />
      <Breadcrumb parent={{ href: "/companies", label: "Companies" }} current={company.name} />

      {/* Phones (< 640 px): logo, text and links stack, each the full width (no one-word lines). */}
      <header
        className="flex flex-col items-start gap-4 rounded-md border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:gap-5 sm:p-5"
        data-testid="company-header"
      >
        <CompanyLogo id={company.id} size={96} className="h-16 w-16 rounded-lg sm:h-24 sm:w-24" />
        <div className="w-full min-w-0 flex-1 space-y-1 sm:w-auto">
          <div className="flex items-center gap-2">
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">{company.name}</h1>
            <FollowButton company={{ id: company.id, name: company.name }} />
          </div>
          <p className="text-sm text-slate-600">{company.legal_name}</p>
          <p className="text-xs text-slate-500">
            Headquarters: {company.country} · {company.region}
          </p>
          <p className="max-w-3xl pt-2 text-sm leading-relaxed text-slate-700" data-testid="company-description">
            {company.description}
          </p>
        </div>
        <div className="flex w-full flex-row flex-wrap gap-2 sm:w-auto sm:flex-col" data-testid="company-links">
          <ExternalLink href={company.url}>Website</ExternalLink>
          <ExternalLink href={company.platform_url}>Marketplace profile</ExternalLink>
          {caller.permissions.includes("indications_manage") ? <NewIndicationButton issuer={{ id: company.id, name: company.name }} /> : null}
          {caller.permissions.includes("trades_manage") ? <RecordTradeButton issuer={{ id: company.id, name: company.name }} /> : null}
        </div>
      </header>

      {/* The market view (issue 14): each section streams in on its own, so the page's first
          byte never waits for the market's queries. */}
      <Suspense fallback={<MarketSectionSkeleton label="mark" height="h-12" />}>
        <MarkSection caller={caller} companyId={company.id} />
      </Suspense>
      <Suspense fallback={<MarketSectionSkeleton label="price chart" height="h-72" />}>
        <PriceChartSection caller={caller} companyId={company.id} />
      </Suspense>
      <Suspense fallback={<MarketSectionSkeleton label="order book" height="h-48" />}>
        <OrderBookSection caller={caller} companyId={company.id} />
      </Suspense>
      <Suspense fallback={<MarketSectionSkeleton label="trade tape" height="h-48" />}>
        <TradeTapeSection caller={caller} companyId={company.id} />
      </Suspense>

      <section aria-labelledby="company-details-heading" className="rounded-md border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="company-details-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Details
        </h2>
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm md:grid-cols-2" data-testid="company-details">
          <Field label="Company ID">
            <code className="font-mono text-xs">{company.id}</code>
          </Field>
          <Field label="Name">{company.name}</Field>
          <Field label="Legal name">{company.legal_name}</Field>
          <Field label="Country">{company.country}</Field>
          <Field label="Region">{company.region}</Field>
          <Field label="Website">
            <ExternalLink href={company.url} plain>
              {company.url}
            </ExternalLink>
          </Field>
          <Field label="Marketplace profile">
            <ExternalLink href={company.platform_url} plain>
              {company.platform_url}
            </ExternalLink>
          </Field>
          <Field label="Logos">
            <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
              {LOGO_SIZES.map((size) => (
                <li key={size}>
                  <a
                    href={company.logos[`logo_${size}x${size}`]}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-indigo-700 hover:underline"
                  >
                    {size}×{size}
                  </a>
                </li>
              ))}
            </ul>
          </Field>
          <Field label="Lead investors" wide>
            {company.lead_investors.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" data-testid="lead-investors">
                {company.lead_investors.map((investor) => (
                  <li key={investor} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                    {investor}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-500">None recorded</span>
            )}
          </Field>
          <Field label="Description" wide>
            {company.description}
          </Field>
        </dl>
      </section>

      <section aria-labelledby="company-indications-heading" className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="company-indications-heading" className="text-sm font-semibold text-slate-900">
            Open indications of team {caller.teamName}
          </h2>
          <Link
            href={`/indications?${new URLSearchParams({ issuer_id: company.id, stage: "open" })}`}
            className={SMALL_LINK}
          >
            Open in Indications →
          </Link>
        </div>
        {indications.ok ? null : <InvalidQueryAlert error={invalidQuery(indications.error)} resetHref={`/companies/${company.id}`} />}
        <IndicationsTable
          rows={indicationPage.items}
          page={pageInfo(indicationPage)}
          sort={indications.ok ? indications.value.sort : DEFAULT_INDICATION_SORT}
          issuer={null}
          prefix={IND}
          omitIssuer
          filters={["side", "structure", "visibility"]}
          label={`Open indications in ${company.name}`}
          testId="company-indications-table"
          invalidLink={!indications.ok}
        />
      </section>

      <section aria-labelledby="company-trades-heading" className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="company-trades-heading" className="text-sm font-semibold text-slate-900">
            Recent trades of team {caller.teamName}
          </h2>
          <Link
            href={`/trades?${new URLSearchParams({ issuer_id: company.id })}`}
            className={SMALL_LINK}
          >
            Open in Trades →
          </Link>
        </div>
        {trades.ok ? null : <InvalidQueryAlert error={invalidQuery(trades.error)} resetHref={`/companies/${company.id}`} />}
        <TradesTable
          rows={tradePage.items}
          page={pageInfo(tradePage)}
          sort={trades.ok ? trades.value.sort : DEFAULT_TRADE_SORT}
          issuer={null}
          prefix={TRD}
          omitIssuer
          filters={["verification"]}
          label={`Recent trades in ${company.name}`}
          testId="company-trades-table"
          invalidLink={!trades.ok}
        />
      </section>
    </article>
  );
}

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? "md:col-span-2" : undefined}>
      <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-800">{children}</dd>
    </div>
  );
}

function ExternalLink({ href, plain = false, children }: { href: string; plain?: boolean; children: React.ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={
        plain
          ? "text-indigo-700 hover:underline"
          : "inline-flex items-center justify-center gap-1 rounded border border-slate-300 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50"
      }
    >
      {children}
      <span aria-hidden="true">↗</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
