import type { Metadata } from "next";
import { VerifiedBadge } from "@/components/data-table/badges";
import { LiveRefresh } from "@/components/live/live-refresh";
import { MarkSeen } from "@/components/live/mark-seen";
import { unreadAbout } from "@/lib/notifications/queries";
import { Timestamp } from "@/components/timestamp";
import { tradeSchema } from "@/lib/trades/schema";
import { DEAL_ROLE_LABELS, dealPartyTrade } from "@/lib/deals/labels";
import { partyPart } from "@/lib/deals/queries";
import { DealLink } from "../../_components/deal-link";
import { RecordDetail } from "../../_components/record-detail";
import { EditTradeButton } from "../../_components/record-form/trade-form";
import { requireCaller } from "../../_lib/caller";
import { historyOf, loadTradeForPage } from "../../_lib/record";

type Params = Promise<{ id: string }>;

/** Every field of the spec (the response schema's, in its order). */
const FIELDS = Object.keys(tradeSchema.shape);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { resource } = await loadTradeForPage(await requireCaller(), (await params).id);
  return { title: `${resource.permalink_id} · ${resource.issuer.name}` };
}

export default async function TradePage({ params }: { params: Params }) {
  const caller = await requireCaller();
  const { resource, etag, team } = await loadTradeForPage(caller, (await params).id);
  const [history, unread, part] = await Promise.all([
    historyOf(team?.id ?? caller.teamId, resource.id),
    unreadAbout(caller.userId, resource.id),
    // The trade's team's part in its deal (the marketplace team reads another team's trade).
    resource.deal_id ? partyPart(team?.id ?? caller.teamId, resource.deal_id) : undefined,
  ]);
  // Who verified it: the latest verification in its audit trail (the trade has no such column).
  const verification = resource.is_verified ? history.items.findLast((event) => event.action === "trade.verified") : undefined;
  const canEdit = team === null && caller.permissions.includes("trades_manage") && !resource.is_verified;

  return (
    <RecordDetail
      kind="trade"
      resource={resource}
      parent={team ? { href: "/verification", label: "Verification" } : { href: "/trades", label: "Trades" }}
      badges={<VerifiedBadge verified={resource.is_verified} />}
      actions={canEdit ? <EditTradeButton trade={resource} etag={etag} /> : null}
      fields={FIELDS}
      history={history}
    >
      <LiveRefresh resource={resource.id} />
      <MarkSeen key={resource.id} ids={unread} />
      {resource.deal_id && part ? (
        <p className="rounded-md border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-950" data-testid="trade-deal">
          From deal <DealLink id={resource.deal_id} className="text-indigo-800" />: {team ? team.name : "your team"}{" "}
          <strong data-testid="trade-deal-side">{dealPartyTrade(part.role, part.side)}</strong>, as the deal&apos;s {DEAL_ROLE_LABELS[part.role].toLowerCase()} on{" "}
          {part.side === "bid" ? "a bid" : "an offer"}. Recorded by its close, one trade for each party.
        </p>
      ) : null}
      {team ? (
        <p className="rounded-md border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700" data-testid="trade-team">
          A trade of team <strong>{team.name}</strong>, shown read only to the marketplace team.
        </p>
      ) : null}
      {verification ? (
        <p className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900" data-testid="verified-by">
          Verified by <strong>{verification.actor.name}</strong> ({verification.actor.email}) on <Timestamp iso={verification.occurred_at} />.
        </p>
      ) : resource.is_verified || team ? null : (
        <p className="text-xs text-slate-500">Waiting for the marketplace team to verify it. It can be edited until then.</p>
      )}
    </RecordDetail>
  );
}
