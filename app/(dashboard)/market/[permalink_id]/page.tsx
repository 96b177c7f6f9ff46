import type { Metadata } from "next";
import Link from "next/link";
import { StageBadge } from "@/components/data-table/badges";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import { LiveRefresh } from "@/components/live/live-refresh";
import { Timestamp } from "@/components/timestamp";
import { REQUIRES } from "@/lib/auth/requirements";
import { dealsOnOrder, type DealOnOrder } from "@/lib/deals/on-order";
import { SIDE_LABELS, formatUsd, formatUsdBound } from "@/lib/format";
import type { MarketIndication } from "@/lib/market/schema";
import { CompanyLogo } from "../../_components/company-logo";
import { DealStageBadge } from "../../_components/deals/deal-cells";
import { fieldLabel, valueText } from "../../_components/resource-fields";
import { requireCaller } from "../../_lib/caller";
import { AskIntroductionForm } from "./ask-form";
import { loadOrderForPage } from "./order";

type Params = Promise<{ permalink_id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const order = await loadOrderForPage(await requireCaller(), (await params).permalink_id);
  return { title: `${order.permalink_id} · ${order.company.name}` };
}

/**
 * One order of the market, as the order book shows it to the caller (GET
 * /market/indications/{permalink_id}): the company, the economics, who (or "Anonymous"), and what
 * the caller may do with it: open it among the team's indications when it is theirs, else ask for
 * an introduction (docs/ui.md, "An order").
 */
export default async function MarketOrderPage({ params }: { params: Params }) {
  const caller = await requireCaller();
  const order = await loadOrderForPage(caller, (await params).permalink_id);
  const deals = await dealsOnOrder(caller, order.permalink_id);
  const companyHref = `/companies/${order.company.id}`;
  return (
    <article className="space-y-5" data-testid="market-order-page" data-own={order.own ? "true" : undefined}>
      <LiveRefresh market={order.company.id} />
      <Breadcrumb parent={{ href: companyHref, label: order.company.name }} current={order.permalink_id} />
      <header className="flex items-start gap-4 rounded-md border border-slate-200 bg-white p-4 shadow-sm sm:items-center sm:p-5">
        <Link href={companyHref} className="shrink-0" data-testid="order-company">
          <CompanyLogo id={order.company.id} size={64} className="h-12 w-12 rounded-lg sm:h-16 sm:w-16" />
          <span className="sr-only">{order.company.name}</span>
        </Link>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-lg font-semibold tracking-tight text-slate-900">
              {SIDE_LABELS[order.side]} in{" "}
              <Link href={companyHref} className="text-indigo-700 hover:underline">
                {order.company.name}
              </Link>
            </h1>
            <StageBadge stage={order.stage} />
          </div>
          <p className="text-sm text-slate-700" data-testid="order-terms">
            <strong className="whitespace-nowrap tabular-nums">{formatUsd(order.price_per_share)}</strong> a share, <strong className="whitespace-nowrap tabular-nums">{formatUsdBound(order.volume)}</strong>
            {/* Only the amount keeps to one line: the space before "(at least" is where a phone breaks the line. */}
            {order.minimum_volume === null ? null : (
              <>
                {" "}
                (at least <span className="whitespace-nowrap">{formatUsdBound(order.minimum_volume)})</span>
              </>
            )}
          </p>
          <p className="text-xs text-slate-500">
            <span data-testid="order-team">{order.team ? order.team.name : "Anonymous"}</span> · <code className="font-mono">{order.permalink_id}</code>
          </p>
        </div>
      </header>

      {order.own ? <OwnOrder order={order} openDeals={deals.filter((deal) => deal.open).length} /> : null}

      <section aria-labelledby="order-fields-heading" className="rounded-md border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="order-fields-heading" className="mb-3 text-sm font-semibold text-slate-900">
          The order
        </h2>
        <OrderFields order={order} />
      </section>

      {order.own ? null : (
        <section id="ask" aria-labelledby="ask-heading" className="scroll-mt-4 space-y-3 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="ask-section">
          <div>
            <h2 id="ask-heading" className="text-sm font-semibold text-slate-900">
              Ask for an introduction
            </h2>
            <p className="mt-0.5 text-xs text-slate-600">
              The marketplace team introduces your team to the order&apos;s owner once they accept; the owner learns your team&apos;s name only then.
            </p>
          </div>
          <AskPart order={order} existing={deals.find((deal) => deal.open && deal.role === "requester")?.id} canAsk={caller.permissions.includes(REQUIRES.askIntroduction.permission)} />
          <EndedDeals deals={deals.filter((deal) => !deal.open && deal.role === "requester")} />
        </section>
      )}
    </article>
  );
}

/** Why there is no form, or the form. */
function AskPart({ order, existing, canAsk }: { order: MarketIndication; existing: string | undefined; canAsk: boolean }) {
  const note = "rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700";
  if (order.stage !== "open") return <p className={note}>This order is closed: an introduction is asked for on an open order.</p>;
  if (existing) {
    return (
      <p className={note} data-testid="deal-exists">
        Your team already has an open deal on this order.{" "}
        <Link href={`/deals/${existing}`} className="font-semibold text-indigo-700 hover:underline" data-testid="existing-deal">
          Open the deal
        </Link>
      </p>
    );
  }
  if (!canAsk) {
    return (
      <p className={note}>
        Asking for an introduction needs the <code className="rounded bg-white px-1 font-mono text-[13px]">{REQUIRES.askIntroduction.permission}</code> permission, which your account does not have.
      </p>
    );
  }
  return <AskIntroductionForm permalinkId={order.permalink_id} volume={order.volume} minimumVolume={order.minimum_volume} />;
}

/** The team's requests on this order that ended (closed or dead): each still leads to its deal, and a closed one to its trade. */
function EndedDeals({ deals }: { deals: DealOnOrder[] }) {
  if (deals.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-slate-700" data-testid="ended-deals">
      {deals.map((deal) => (
        <li key={deal.id} className="flex flex-wrap items-center gap-2">
          Your team&apos;s earlier deal on this order <DealStageBadge stage={deal.stage} />
          <Link href={`/deals/${deal.id}`} className="font-semibold text-indigo-700 hover:underline" data-testid="ended-deal">
            Open the deal
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OwnOrder({ order, openDeals }: { order: MarketIndication; openDeals: number }) {
  return (
    <p className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950" data-testid="own-order">
      This is your team&apos;s order.{" "}
      {order.indication_id ? (
        <Link href={`/indications/${order.indication_id}`} className="font-semibold text-indigo-700 hover:underline" data-testid="own-indication-link">
          Open it in Indications
        </Link>
      ) : null}
      {openDeals > 0 ? (
        <>
          {" "}
          ·{" "}
          <Link href="/deals" className="font-semibold text-indigo-700 hover:underline" data-testid="own-open-deals">
            {openDeals} open {openDeals === 1 ? "deal" : "deals"} on it
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** The order's fields as the book shows them, the economics first; amounts exact (docs/ui.md, "Numbers"). */
function OrderFields({ order }: { order: MarketIndication }) {
  const structures = order.side === "bid" ? (["acceptable_structures", order.acceptable_structures] as const) : (["structure", order.structure] as const);
  const visibility = valueText("visibility", order.visibility);
  const rows: [field: string, value: React.ReactNode, label?: string][] = [
    ["price_per_share", valueText("price_per_share", order.price_per_share)],
    ["volume", valueText("volume", order.volume)],
    ["minimum_volume", valueText("minimum_volume", order.minimum_volume)],
    [structures[0], valueText(structures[0], structures[1])],
    ["stock_type", valueText("stock_type", order.stock_type)],
    ["stock_class_type", valueText("stock_class_type", order.stock_class_type)],
    ["team", order.team ? order.team.name : "Anonymous"],
    ["visibility", order.visibility === "private" && !order.own ? `${visibility}, shared with you` : visibility],
    ["stage", valueText("stage", order.stage)],
    // An open order's age is its last refresh (what the book's bounds read); a closed one's last change is its close.
    order.stage === "open"
      ? ["last_refreshed_at", <Timestamp key="at" iso={order.last_refreshed_at} />, "Last refreshed"]
      : ["updated_at", <Timestamp key="at" iso={order.updated_at} />, "Closed"],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="order-fields">
      {rows.map(([field, value, label]) => (
        <div key={field} data-field={field}>
          <dt className="text-xs font-medium text-slate-500">{label ?? fieldLabel(field)}</dt>
          <dd className="mt-0.5 break-words text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
