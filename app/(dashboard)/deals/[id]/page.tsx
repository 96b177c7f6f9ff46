import type { Metadata } from "next";
import { SideBadge } from "@/components/data-table/badges";
import { Breadcrumb } from "@/components/layout/breadcrumb";
import { LiveRefresh } from "@/components/live/live-refresh";
import { MarkSeen } from "@/components/live/mark-seen";
import { unreadAbout } from "@/lib/notifications/queries";
import { REQUIRES } from "@/lib/auth/requirements";
import { DEAL_STAGES, type DealStage } from "@/lib/domain/enums";
import type { AuditEvent } from "@/lib/audit/events";
import { HistoryTimeline } from "../../_components/history-timeline";
import { DealActions } from "../../_components/deals/deal-actions";
import { stepDefaults } from "../../_components/deals/step-forms";
import { DealStageBadge } from "../../_components/deals/deal-cells";
import { DeadSection, OrderSection, PartiesSection, RequestedSection, TermsSection } from "../../_components/deals/deal-sections";
import { DealStepper } from "../../_components/deals/deal-stepper";
import { requireCaller } from "../../_lib/caller";
import { loadDealForPage, stepsFor } from "../../_lib/deals";
import { historyOf } from "../../_lib/record";
import { dealTradePermalinks } from "@/lib/deals/trade-permalinks";

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { resource } = await loadDealForPage(await requireCaller(), (await params).id);
  return { title: `Deal · ${resource.company.name} · ${resource.indication.permalink_id}` };
}

/** The stage a dead deal's last step left (its history says; a deal without history: unknown). */
function diedAt(events: readonly AuditEvent[]): DealStage | null {
  const from = events.findLast((event) => event.action === "deal.dead")?.changes.stage?.from;
  return (DEAL_STAGES as readonly unknown[]).includes(from) ? (from as DealStage) : null;
}

/**
 * A deal: a party's view (its team's row, named as the naming rule allows) or the marketplace
 * team's (both sides), its stage and the steps the viewer may take, the order, what was asked,
 * the parties, the terms and the close's trades, and its history as the viewer's team recorded it.
 */
export default async function DealPage({ params }: { params: Params }) {
  const caller = await requireCaller();
  const { resource: deal, etag } = await loadDealForPage(caller, (await params).id);
  // The viewer's team's trail (GET /my/deals/{id}/history): each told team records each step as it sees the deal.
  const [history, unread, tradeNames] = await Promise.all([historyOf(caller.teamId, deal.id), unreadAbout(caller.userId, deal.id), dealTradePermalinks(deal)]);
  // As the navigation marks it (site-header.tsx): for the desk's holders a deal's page is the desk's, a party's deal too.
  const parent = caller.permissions.includes(REQUIRES.manageDeals.permission) ? { href: "/ops/deals", label: "Deal desk" } : { href: "/deals", label: "Deals" };

  return (
    <article className="space-y-5" data-testid="deal-page" data-id={deal.id} data-stage={deal.stage}>
      <LiveRefresh resource={deal.id} />
      <MarkSeen key={deal.id} ids={unread} />
      <Breadcrumb parent={parent} current={`Deal on ${deal.indication.permalink_id}`} />
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-lg font-semibold tracking-tight text-slate-900">Deal on {deal.company.name}</h1>
          <SideBadge side={deal.indication.side} />
          <DealStageBadge stage={deal.stage} />
        </div>
        <DealStepper stage={deal.stage} diedAt={deal.stage === "dead" ? diedAt(history.items) : null} />
        <DealActions dealId={deal.id} stage={deal.stage} etag={etag} steps={stepsFor(deal, caller)} defaults={stepDefaults(deal)} />
      </header>
      <DeadSection deal={deal} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
        <PartiesSection deal={deal} />
        <OrderSection deal={deal} />
        <RequestedSection deal={deal} />
        <TermsSection deal={deal} tradeNames={tradeNames} />
      </div>
      <HistoryTimeline events={history.items} total={history.total} />
    </article>
  );
}
