import type { Metadata } from "next";
import Link from "next/link";
import { SideBadge, StageBadge } from "@/components/data-table/badges";
import { indicationSchema } from "@/lib/indications/schema";
import { IndicationActions } from "../../_components/deal-form/indication-actions";
import { HistoryTimeline } from "../../_components/history-timeline";
import { ResourceFields } from "../../_components/resource-fields";
import { requireCaller } from "../../_lib/caller";
import { historyOf, loadIndicationForPage } from "../../_lib/deal";

type Params = Promise<{ id: string }>;

/** Every field of the spec (the response schema's, in its order), including those the table hides. */
const FIELDS = Object.keys(indicationSchema.shape);

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { resource } = await loadIndicationForPage(await requireCaller(), (await params).id);
  return { title: `${resource.permalink_id} · ${resource.issuer.name}` };
}

export default async function IndicationPage({ params }: { params: Params }) {
  const caller = await requireCaller();
  const { resource, etag } = await loadIndicationForPage(caller, (await params).id);
  const history = await historyOf(caller, resource.id);
  const canManage = caller.permissions.includes("indications_manage");

  return (
    <article className="space-y-5" data-testid="indication-page" data-id={resource.id}>
      <nav aria-label="Breadcrumb" className="text-xs text-slate-500">
        <Link href="/indications" className="hover:text-slate-800 hover:underline">
          Indications
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{resource.permalink_id}</span>
      </nav>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h1 className="text-lg font-semibold tracking-tight text-slate-900">
            {resource.issuer.name} · {resource.permalink_id}
          </h1>
          <SideBadge side={resource.side} />
          <StageBadge stage={resource.stage} />
        </div>
        {canManage ? <IndicationActions indication={resource} etag={etag} /> : null}
      </header>
      <section aria-labelledby="fields-heading" className="rounded-md border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="fields-heading" className="mb-3 text-sm font-semibold text-slate-900">
          Fields
        </h2>
        <ResourceFields fields={FIELDS} resource={resource} testId="indication-fields" />
      </section>
      <HistoryTimeline events={history.items} total={history.total} />
    </article>
  );
}
