import { SideBadge } from "@/components/data-table/badges";
import { IntentLink } from "@/components/intent-link";
import type { DealRole } from "@/lib/domain/enums";
import { DEAL_DEAD_REASON_LABELS } from "@/lib/deals/labels";
import type { Deal } from "@/lib/deals/schema";
import { formatDate, formatUsd, formatUsdBound, structureLabel } from "@/lib/format";
import { CompanyLink } from "../company-links";
import { PartyName } from "./deal-cells";

/**
 * The parts of a deal's page (app/(dashboard)/deals/[id]): the order, what was asked, the parties
 * as far as the API names them, the terms and the close's trades, how it ended. Detail pages show
 * amounts exactly (docs/ui.md "Numbers"), each on one line.
 */

/** A card of fields; `lead` is what it says before them (outside the list: a <dl> holds only its fields). */
function Section({ title, id, lead, children }: { title: string; id: string; lead?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 rounded-md border border-slate-200 bg-white p-4 shadow-sm" data-testid={id}>
      <h2 id={`${id}-heading`} className="mb-2 text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {lead}
      <dl className="grid grid-cols-1 gap-y-2 text-sm">{children}</dl>
    </section>
  );
}

function Field({ label, children, name }: { label: string; children: React.ReactNode; name?: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3" data-field={name}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right text-slate-900">{children}</dd>
    </div>
  );
}

/** A price to its cents, a volume in whole dollars when it has no cents: exact either way (docs/ui.md, "Numbers"). */
function Amount({ value, volume = false }: { value: string | null; volume?: boolean }) {
  if (value === null) return <>—</>;
  return (
    <span className="whitespace-nowrap tabular-nums" data-value={value}>
      {volume ? formatUsdBound(value) : formatUsd(value)}
    </span>
  );
}

export function OrderSection({ deal }: { deal: Deal }) {
  const order = deal.indication;
  return (
    <Section title="The order" id="deal-order">
      <Field label="Company">
        <CompanyLink id={deal.company.id} className="font-medium text-indigo-700 hover:underline">
          {deal.company.name}
        </CompanyLink>
      </Field>
      <Field label="Side">
        <SideBadge side={order.side} />
      </Field>
      <Field label="Price per share" name="price_per_share">
        <Amount value={order.price_per_share} />
      </Field>
      <Field label="Volume" name="volume">
        <Amount value={order.volume} volume />
      </Field>
      <Field label="Minimum volume" name="minimum_volume">
        <Amount value={order.minimum_volume} volume />
      </Field>
      <Field label="Permalink">
        {/* The order as the market shows it to this viewer. */}
        <IntentLink href={`/market/${order.permalink_id}`} className="font-mono text-xs text-indigo-700 hover:underline" data-testid="order-permalink">
          {order.permalink_id}
        </IntentLink>
      </Field>
    </Section>
  );
}

export function RequestedSection({ deal }: { deal: Deal }) {
  return (
    <Section title="What was asked" id="deal-requested">
      <Field label="Volume" name="requested_volume">
        <Amount value={deal.requested.volume} volume />
      </Field>
      <Field label="Price per share" name="requested_price">
        {deal.requested.price_per_share === null ? <span className="text-slate-600">The order&apos;s</span> : <Amount value={deal.requested.price_per_share} />}
      </Field>
      {deal.requested.note ? (
        <div className="text-sm">
          <dt className="text-xs font-medium text-slate-600">Note</dt>
          <dd className="mt-0.5 whitespace-pre-line break-words text-slate-900">{deal.requested.note}</dd>
        </div>
      ) : null}
    </Section>
  );
}

/** One side: its team as named ("Your team" for the viewer's own), its broker only when the API gives them. */
function Party({ title, party, own, waiting }: { title: string; party: Deal["requester"]; own: boolean; waiting: boolean }) {
  return (
    <div className="min-w-0" data-testid={`party-${title.toLowerCase()}`}>
      <dt className="text-xs font-medium text-slate-600">{title}</dt>
      <dd className="mt-0.5 text-slate-900">
        <p className="font-medium">
          {own ? (
            <>
              Your team{party.team ? <span className="font-normal text-slate-600"> ({party.team.name})</span> : null}
            </>
          ) : (
            <PartyName party={party} capital />
          )}
        </p>
        {party.broker ? (
          <p className="break-words text-xs text-slate-700">
            {party.broker.name} ·{" "}
            <a href={`mailto:${party.broker.email}`} className="text-indigo-700 hover:underline">
              {party.broker.email}
            </a>
          </p>
        ) : own || !waiting ? null : (
          <p className="text-xs text-slate-600">Named once the marketplace team introduces you.</p>
        )}
      </dd>
    </div>
  );
}

export function PartiesSection({ deal }: { deal: Deal }) {
  const own = (role: DealRole) => deal.role === role;
  // Before the introduction the other side is not named yet; a deal that ended before it never names it.
  const waiting = deal.stage === "requested" || deal.stage === "accepted";
  return (
    <section aria-labelledby="deal-parties-heading" className="min-w-0 rounded-md border border-slate-200 bg-white p-4 shadow-sm" data-testid="deal-parties">
      <h2 id="deal-parties-heading" className="mb-2 text-sm font-semibold text-slate-900">
        The parties
      </h2>
      <dl className="grid grid-cols-1 gap-3 text-sm">
        <Party title="Requester" party={deal.requester} own={own("requester")} waiting={waiting} />
        <Party title="Owner" party={deal.owner} own={own("owner")} waiting={waiting} />
      </dl>
    </section>
  );
}

/** The terms once recorded, the close's won date and trades: the party's own trade page, the marketplace team's queue of the deal's trades. */
/** `tradeNames`: the permalink of each of the deal's trades (lib/deals/trade-permalinks.ts), by id. */
export function TermsSection({ deal, tradeNames = {} }: { deal: Deal; tradeNames?: Record<string, string> }) {
  const { terms } = deal;
  return (
    <Section title="Terms" id="deal-terms" lead={terms ? null : <p className="text-sm text-slate-600">Not recorded yet: the marketplace team records them once the parties agree.</p>}>
      {terms ? (
        <>
          <Field label="Price per share">
            <Amount value={terms.price_per_share} />
          </Field>
          <Field label="Volume">
            <Amount value={terms.volume} volume />
          </Field>
          <Field label="Structure">{structureLabel(terms.structure)}</Field>
          <Field label="Sign date">
            <span className="whitespace-nowrap">{formatDate(terms.sign_date)}</span>
          </Field>
        </>
      ) : null}
      {deal.won_date ? (
        <Field label="Won date">
          <span className="whitespace-nowrap">{formatDate(deal.won_date)}</span>
        </Field>
      ) : null}
      {deal.trade_ids.length > 0 ? (
        <Field label={deal.role === null ? "Trades" : "Your trade"}>
          <ul className="space-y-0.5" data-testid="deal-trades">
            {deal.trade_ids.map((id, i) => (
              <li key={id}>
                {/* The marketplace team's list is the requester's trade, then the owner's (lib/deals/naming.ts). */}
                {deal.role === null ? <span className="text-xs text-slate-600">{(i === 0 ? deal.requester : deal.owner).team?.name}: </span> : null}
                <IntentLink href={deal.role === null ? `/verification?deal_id=${deal.id}` : `/trades/${id}`} className="font-mono text-xs text-indigo-700 hover:underline" title={id}>
                  {tradeNames[id] ?? id}
                </IntentLink>
              </li>
            ))}
          </ul>
        </Field>
      ) : null}
    </Section>
  );
}

export function DeadSection({ deal }: { deal: Deal }) {
  if (deal.stage !== "dead") return null;
  return (
    <section className="rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="deal-dead">
      <p>
        <span className="font-semibold">Ended:</span> {deal.dead_reason ? DEAL_DEAD_REASON_LABELS[deal.dead_reason] : "—"}
      </p>
      {deal.dead_note ? <p className="mt-1 whitespace-pre-line break-words">{deal.dead_note}</p> : null}
    </section>
  );
}
