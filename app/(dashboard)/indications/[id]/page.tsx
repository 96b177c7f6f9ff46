import type { Metadata } from "next";
import { SideBadge, StageBadge } from "@/components/data-table/badges";
import { LiveRefresh } from "@/components/live/live-refresh";
import { MarkSeen } from "@/components/live/mark-seen";
import { unreadAbout } from "@/lib/notifications/queries";
import { indicationSchema } from "@/lib/indications/schema";
import { Matches, OrderDeals } from "../../_components/indication-deals";
import { RecordDetail } from "../../_components/record-detail";
import { IndicationActions } from "../../_components/record-form/indication-actions";
import { NewIndicationButton } from "../../_components/record-form/indication-form";
import { requireCaller } from "../../_lib/caller";
import { dealsOn, matchesOn } from "../../_lib/indication-deals";
import { historyOf, loadIndicationForPage } from "../../_lib/record";

type Params = Promise<{ id: string }>;

/** Every field of the spec, including those the table hides. */
const FIELDS = Object.keys(indicationSchema.shape);

/** A bid names the structures it accepts, an offer its one structure: each page leaves out the other's. */
const NOT_ON: Record<"bid" | "offer", string> = { bid: "structure", offer: "acceptable_structures" };

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { resource } = await loadIndicationForPage(await requireCaller(), (await params).id);
  return { title: `${resource.permalink_id} · ${resource.issuer.name}` };
}

export default async function IndicationPage({ params }: { params: Params }) {
  const caller = await requireCaller();
  const { resource, etag } = await loadIndicationForPage(caller, (await params).id);
  const [history, deals, matches, unread] = await Promise.all([
    historyOf(caller.teamId, resource.id),
    dealsOn(caller, resource.id),
    matchesOn(caller, resource),
    unreadAbout(caller.userId, resource.id),
  ]);
  const canManage = caller.permissions.includes("indications_manage");

  return (
    <RecordDetail
      kind="indication"
      resource={resource}
      parent={{ href: "/indications", label: "Indications" }}
      badges={
        <>
          <SideBadge side={resource.side} />
          <StageBadge stage={resource.stage} />
        </>
      }
      actions={
        canManage ? (
          <div className="flex flex-wrap items-center gap-2">
            <IndicationActions indication={resource} etag={etag} />
            <NewIndicationButton from={resource} />
          </div>
        ) : null
      }
      fields={FIELDS.filter((field) => field !== NOT_ON[resource.side])}
      history={history}
    >
      <LiveRefresh resource={resource.id} />
      <MarkSeen key={resource.id} ids={unread} />
      <OrderDeals deals={deals} />
      {matches ? <Matches matches={matches} /> : null}
    </RecordDetail>
  );
}
