import type { Metadata } from "next";
import { SideBadge, StageBadge } from "@/components/data-table/badges";
import { indicationSchema } from "@/lib/indications/schema";
import { DealDetail } from "../../_components/deal-detail";
import { IndicationActions } from "../../_components/deal-form/indication-actions";
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
  const history = await historyOf(caller.teamId, resource.id);
  const canManage = caller.permissions.includes("indications_manage");

  return (
    <DealDetail
      kind="indication"
      resource={resource}
      parent={{ href: "/indications", label: "Indications" }}
      badges={
        <>
          <SideBadge side={resource.side} />
          <StageBadge stage={resource.stage} />
        </>
      }
      actions={canManage ? <IndicationActions indication={resource} etag={etag} /> : null}
      fields={FIELDS}
      history={history}
    />
  );
}
