import { SideBadge } from "@/components/data-table/badges";
import { IntentLink } from "@/components/intent-link";
import { Timestamp } from "@/components/timestamp";
import type { MatchList } from "@/lib/deals/matches";
import type { Deal } from "@/lib/deals/schema";
import { formatUsd, structureLabel } from "@/lib/format";
import { DealLink } from "./deal-link";

/**
 * An indication's deals and matches, on its page (_lib/indication-deals.ts reads them): each a
 * line of fields that wrap between, never inside, an amount (docs/ui.md "Numbers"), so a phone
 * reads them without scrolling sideways. Amounts exact, as everywhere on a detail page.
 */

const SECTION = "rounded-md border border-slate-200 bg-white p-5 shadow-sm";
const LINE = "flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2 text-sm";
const AMOUNT = "whitespace-nowrap font-mono tabular-nums text-slate-900";
const MUTED = "text-slate-600";

function Amount({ label, value }: { label: string; value: string | null }) {
  if (value === null) return null;
  return (
    <span>
      <span className={MUTED}>{label} </span>
      <span className={AMOUNT}>{formatUsd(value)}</span>
    </span>
  );
}

/** The team's deals as this order's owner, open ones first: who asked (once named), for how much, at which stage. */
export function OrderDeals({ deals }: { deals: Deal[] }) {
  return (
    <section aria-labelledby="deals-heading" className={SECTION} data-testid="indication-deals">
      <h2 id="deals-heading" className="text-sm font-semibold text-slate-900">
        Deals on this order
      </h2>
      {deals.length === 0 ? (
        <p className={`mt-2 text-sm ${MUTED}`}>No one has asked for an introduction on this order.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {deals.map((deal) => (
            <li key={deal.id} className={LINE} data-testid="indication-deal">
              <span>
                Deal <DealLink id={deal.id} />
              </span>
              {/* The stage's own word, as the API writes it: "in_closing" reads "in closing". */}
              <span className="font-medium text-slate-800">{deal.stage.replace("_", " ")}</span>
              <Amount label="volume" value={deal.requested.volume} />
              <Amount label="at" value={deal.requested.price_per_share} />
              <span className={MUTED}>{deal.requester.team ? `asked by ${deal.requester.team.name}` : "asked by a team named at the introduction"}</span>
              <span className={`text-xs ${MUTED}`}>
                changed <Timestamp iso={deal.updated_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Other teams' open orders that cross this one, best price first, each a link to its order page to ask for an introduction. */
export function Matches({ matches }: { matches: MatchList["matches"] }) {
  return (
    <section aria-labelledby="matches-heading" className={SECTION} data-testid="indication-matches">
      <h2 id="matches-heading" className="text-sm font-semibold text-slate-900">
        Matches
      </h2>
      <p className={`mt-1 text-xs ${MUTED}`}>Other teams&apos; open orders that cross this one, best price first, as the company&apos;s order book shows them. Open one to ask for an introduction.</p>
      {matches.length === 0 ? (
        <p className={`mt-2 text-sm ${MUTED}`}>No order of another team crosses this one now.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {matches.map((match) => (
            <li key={match.permalink_id} className={LINE} data-testid="indication-match">
              <IntentLink href={`/market/${match.permalink_id}`} className="whitespace-nowrap font-medium text-indigo-700 hover:underline" data-testid="match-link">
                {match.permalink_id}
              </IntentLink>
              <SideBadge side={match.side} />
              <Amount label="at" value={match.price_per_share} />
              <Amount label="volume" value={match.volume} />
              <Amount label="minimum" value={match.minimum_volume} />
              <span className={MUTED}>{match.side === "offer" ? structureLabel(match.structure) : match.acceptable_structures.map(structureLabel).join(", ") || "any structure"}</span>
              <span className={MUTED}>{match.team ? match.team.name : "anonymous"}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
