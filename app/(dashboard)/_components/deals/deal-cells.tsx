import type { DealStage } from "@/lib/domain/enums";
import { DEAL_STAGE_LABELS } from "@/lib/deals/labels";
import type { Deal } from "@/lib/deals/schema";
import { formatUsdPlaces, formatUsdWhole, pricePlaces, structureLabel } from "@/lib/format";

/** What a deal's table, board and page show alike: its stage, a party as far as it is named, its terms. */

const STAGE_TONE: Record<DealStage, string> = {
  requested: "bg-sky-50 text-sky-800 ring-sky-200",
  accepted: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  introduced: "bg-violet-50 text-violet-800 ring-violet-200",
  in_closing: "bg-amber-50 text-amber-900 ring-amber-200",
  closed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  dead: "bg-slate-100 text-slate-700 ring-slate-300",
};

export function DealStageBadge({ stage }: { stage: DealStage }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded px-1.5 py-px text-[11px] font-semibold leading-4 ring-1 ring-inset ${STAGE_TONE[stage]}`} data-testid="deal-stage" data-stage={stage}>
      {DEAL_STAGE_LABELS[stage]}
    </span>
  );
}

/** The other party of the viewer's team's deal (the marketplace team has none). */
export function otherParty(deal: Deal): Deal["requester"] | null {
  if (deal.role === "requester") return deal.owner;
  if (deal.role === "owner") return deal.requester;
  return null;
}

/** A party's team as the API names it, or "a counterparty" while it is not named: never a guess. */
export function PartyName({ party, capital = false }: { party: Deal["requester"] | null; capital?: boolean }) {
  if (party?.team) return <>{party.team.name}</>;
  return <span className="italic text-slate-600">{capital ? "A counterparty" : "a counterparty"}</span>;
}

/** "$19.50 / share × $400 · Direct": each amount on one line (docs/ui.md "Numbers"). */
export function TermsText({ terms, places = pricePlaces([terms?.price_per_share]) }: { terms: Deal["terms"]; places?: 2 | 4 }) {
  if (!terms) return <span className="text-slate-500">—</span>;
  return (
    <>
      <span className="whitespace-nowrap tabular-nums" title={`${terms.price_per_share} USD per share`}>
        {formatUsdPlaces(terms.price_per_share, places)} / share
      </span>{" "}
      ×{" "}
      <span className="whitespace-nowrap tabular-nums" title={`${terms.volume} USD`}>
        {formatUsdWhole(terms.volume)}
      </span>{" "}
      · {structureLabel(terms.structure)}
    </>
  );
}
