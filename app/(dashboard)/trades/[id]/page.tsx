import type { Metadata } from "next";
import Link from "next/link";
import { VerifiedBadge } from "@/components/data-table/badges";
import { Timestamp } from "@/components/timestamp";
import { tradeSchema } from "@/lib/trades/schema";
import { EditTradeButton } from "../../_components/deal-form/trade-form";
import { HistoryTimeline } from "../../_components/history-timeline";
import { ResourceFields } from "../../_components/resource-fields";
import { requireCaller } from "../../_lib/caller";
import { historyOf, loadTradeForPage } from "../../_lib/deal";

type Params = Promise<{ id: string }>;

/** Every field of the spec (the response schema's, in its order). */
const FIELDS = Object.keys(tradeSchema.shape);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { resource } = await loadTradeForPage(await requireCaller(), (await params).id);
  return { title: `${resource.permalink_id} · ${resource.issuer.name}` };
}

export default async function TradePage({ params }: { params: Params }) {
  const caller = await requireCaller();
  const { resource, etag } = await loadTradeForPage(caller, (await params).id);
  const history = await historyOf(caller, resource.id);
  // Who verified it: the latest verification in its audit trail (the trade has no such column).
  const verification = resource.is_verified ? history.items.findLast((event) => event.action === "trade.verified") : undefined;
  const canEdit = caller.permissions.includes("trades_manage") && !resource.is_verified;

  return (
    <article className="space-y-5" data-testid="trade-page" data-id={resource.id}>
      <nav aria-label="Breadcrumb" className="text-xs text-slate-500">
        <Link href="/trades" className="hover:text-slate-800 hover:underline">
          Trades
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{resource.permalink_id}</span>
      </nav>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h1 className="text-lg font-semibold tracking-tight text-slate-900">
            {resource.issuer.name} · {resource.permalink_id}
          </h1>
          <VerifiedBadge verified={resource.is_verified} />
        </div>
        {canEdit ? <EditTradeButton trade={resource} etag={etag} /> : null}
      </header>
      {verification ? (
        <p className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900" data-testid="verified-by">
          Verified by <strong>{verification.actor.name}</strong> ({verification.actor.email}) on <Timestamp iso={verification.occurred_at} />.
        </p>
      ) : resource.is_verified ? null : (
        <p className="text-xs text-slate-500">Waiting for the marketplace team to verify it. It can be edited until then.</p>
      )}
      <section aria-labelledby="fields-heading" className="rounded-md border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="fields-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Fields
        </h2>
        <ResourceFields fields={FIELDS} resource={resource} testId="trade-fields" />
      </section>
      <HistoryTimeline events={history.items} total={history.total} />
    </article>
  );
}
