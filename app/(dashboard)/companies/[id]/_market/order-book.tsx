import { Fragment } from "react";
import { IntentLink } from "@/components/intent-link";
import type { Caller } from "@/lib/auth/caller";
import { REQUIRES } from "@/lib/auth/requirements";
import { formatAge, formatDateTime, formatUsdPlaces, pricePlaces, SIDE_LABELS, structureLabel, VISIBILITY_LABELS } from "@/lib/format";
import type { BidEntry, OfferEntry } from "@/lib/market/schema";
import { MoneyCell } from "../../../_components/cells";
import { loadOrderBook } from "./data";
import { depthShares } from "./depth";

/**
 * The company's order book as the caller may see it (lib/market): bids and offers as two ladders
 * with cumulative depth bars, the spread, the caller's own rows marked. Each row's team opens the
 * order's page (/market/{permalink_id}; an own row its indication's), and another team's row
 * carries "Ask for an introduction" for those who may ask. Streams on its own (the page wraps it in Suspense).
 */
export async function OrderBookSection({ caller, companyId }: { caller: Caller; companyId: string }) {
  const book = await loadOrderBook(caller, companyId);
  const depth = depthShares(book.bids, book.offers);
  const canAsk = caller.permissions.includes(REQUIRES.askIntroduction.permission);
  // One column rule of places for the whole book, summary and both ladders: a price under $1
  // anywhere takes 4 everywhere (MoneyCell, docs/ui.md "Numbers").
  const prices = [...book.bids, ...book.offers].map((row) => row.price_per_share);
  const now = new Date();
  return (
    <section aria-labelledby="order-book-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="order-book">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="order-book-heading" className="text-sm font-semibold text-slate-900">
          Order book
        </h2>
        <p className="text-xs text-slate-600" data-testid="spread">
          {/* Each label with its amount: a phone's line breaks between the pairs, never inside one. */}
          <span className="whitespace-nowrap">
            Best bid <strong className="font-mono text-emerald-700"><MoneyCell value={book.best_bid} column={prices} /></strong>
          </span>{" "}
          ·{" "}
          <span className="whitespace-nowrap">
            best offer <strong className="font-mono text-rose-700"><MoneyCell value={book.best_offer} column={prices} /></strong>
          </span>{" "}
          ·{" "}
          <span className="whitespace-nowrap">
            spread <strong className="font-mono text-slate-900"><MoneyCell value={book.spread} column={prices} /></strong>
          </span>
          {book.spread !== null && book.spread.startsWith("-") ? (
            // A pill is one piece: it goes to the next line whole rather than breaking inside.
            <span className="ml-2 inline-block whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900" data-testid="crossed-book">
              Crossed: a bid is above an offer
            </span>
          ) : null}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Ladder side="bid" rows={book.bids} prices={prices} shares={depth.bids} count={book.bid_count} canAsk={canAsk} now={now} />
        <Ladder side="offer" rows={book.offers} prices={prices} shares={depth.offers} count={book.offer_count} canAsk={canAsk} now={now} />
      </div>
      <p className="text-[11px] text-slate-500">
        Open indications the marketplace shows you: public and anonymous ones of every team, private ones shared with you, and your team&apos;s own
        (marked). Bars show cumulative volume from the best price.
      </p>
    </section>
  );
}

function Ladder({
  side,
  rows,
  prices,
  shares,
  count,
  canAsk,
  now,
}: {
  side: "bid" | "offer";
  rows: (BidEntry | OfferEntry)[];
  /** Every price of the book: the column rule of places (pricePlaces) is the book's. */
  prices: string[];
  shares: number[];
  count: number;
  canAsk: boolean;
  /** Ages are counted to this moment, the page's. */
  now: Date;
}) {
  const bid = side === "bid";
  const title = bid ? "Bids" : "Offers";
  return (
    <div data-testid={`${side}-ladder`}>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title} <span className="font-normal normal-case">({count} shown to you{count > rows.length ? `, best ${rows.length} here` : ""})</span>
      </h3>
      {/* Amounts never wrap (docs/ui.md "Numbers"): the longest ones scroll inside the ladder's frame,
          which the keyboard reaches (axe: a scrollable region is focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, scrollable`}>
        <table className="w-full text-xs" aria-label={`${title}, best price first`}>
          <thead className="text-left text-[11px] text-slate-500">
            <tr>
              <th className="whitespace-nowrap py-1 pr-3 text-right font-medium">Price / share</th>
              <th className="py-1 text-right font-medium">Volume</th>
              <th className="hidden py-1 pl-3 text-right font-medium sm:table-cell">Refreshed</th>
              {/* On a phone the structures go under the team: beside it, a bid's four pushed its Ask past the card's edge. */}
              <th className="hidden py-1 pl-3 font-medium sm:table-cell">{bid ? "Structures" : "Structure"}</th>
              {/* From 640 px the team column keeps room for "Anonymous" and Ask on one line: the structures wrap instead. */}
              <th className="py-1 pl-3 font-medium sm:min-w-[8rem]">
                Team<span className="sm:hidden"> · {bid ? "structures" : "structure"}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-3 text-center text-slate-600">
                  No {bid ? "bids" : "offers"} visible to you
                </td>
              </tr>
            ) : null}
            {rows.map((row, i) => (
              <tr
                key={`${row.price_per_share}-${row.updated_at}-${i}`}
                className={`relative border-t border-slate-100 ${row.own ? "bg-indigo-50 font-medium" : ""}`}
                data-testid={`${side}-level`}
                data-own={row.own ? "true" : undefined}
                data-permalink={row.permalink_id}
              >
                <td className="relative whitespace-nowrap py-1 pr-3 text-right tabular-nums">
                  <span
                    aria-hidden="true"
                    className={`absolute inset-y-0.5 left-0 rounded-sm ${bid ? "bg-emerald-100" : "bg-rose-100"}`}
                    style={{ width: `${shares[i] / 10}%` }}
                    data-testid="depth-bar"
                  />
                  <span className={`relative ${bid ? "text-emerald-800" : "text-rose-800"}`}>
                    <MoneyCell value={row.price_per_share} column={prices} />
                  </span>
                </td>
                <td className="whitespace-nowrap py-1 text-right tabular-nums">
                  <MoneyCell value={row.volume} />
                </td>
                <td className="hidden whitespace-nowrap py-1 pl-3 text-right tabular-nums text-slate-600 sm:table-cell">
                  <Age row={row} now={now} />
                </td>
                <td className="hidden py-1 pl-3 sm:table-cell">
                  <Structures row={row} />
                </td>
                <td className="py-1 pl-3">
                  {/* Ask beside the team and the badges beside the name, each below where the ladder is
                      narrow: the ladder grows no wider for them. */}
                  <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5">
                    <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
                      <OrderLink row={row} side={side} price={formatUsdPlaces(row.price_per_share, pricePlaces(prices))} />
                      {row.own ? (
                        <span className="rounded bg-indigo-600 px-1.5 py-0.5 text-[10px] font-semibold text-white" title="Your team's indication">
                          Yours
                        </span>
                      ) : null}
                      {row.visibility === "private" ? (
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[10px] text-amber-800">{VISIBILITY_LABELS.private}</span>
                      ) : null}
                    </span>
                    {canAsk && !row.own ? (
                      <IntentLink
                        href={`/market/${row.permalink_id}#ask`}
                        className="whitespace-nowrap rounded border border-indigo-200 px-1.5 py-px text-[11px] font-semibold text-indigo-700 hover:bg-indigo-50"
                        data-testid="ask-introduction"
                      >
                        Ask<span className="sr-only"> for an introduction</span>
                      </IntentLink>
                    ) : null}
                  </div>
                  <p className="text-slate-600 sm:hidden">
                    <Structures row={row} /> · <span className="whitespace-nowrap">refreshed <Age row={row} now={now} /></span>
                  </p>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * When the order's team last confirmed it live, as an age ("5 d"), the exact time in its title: a
 * broker reads how fresh a quote is, and whether it may hold the mark (docs/marks.md, "The book's bounds").
 */
function Age({ row, now }: { row: BidEntry | OfferEntry; now: Date }) {
  return (
    <time dateTime={row.last_refreshed_at} title={`Refreshed ${formatDateTime(row.last_refreshed_at, "utc")}`} data-testid="order-age">
      {formatAge(row.last_refreshed_at, now)}
    </time>
  );
}

/** A row's structure, or a bid's acceptable ones: each kept whole ("SPV (2 layers)"), the list wrapping between them. */
function Structures({ row }: { row: BidEntry | OfferEntry }) {
  const labels = "structure" in row ? [structureLabel(row.structure)] : row.acceptable_structures.map(structureLabel);
  // The separator outside the unbreakable label, so a line may break after it.
  return labels.map((label, i) => (
    <Fragment key={label}>
      {i > 0 ? ", " : null}
      <span className="whitespace-nowrap">{label}</span>
    </Fragment>
  ));
}

/**
 * The row's team (or "Anonymous") as a link to the order: its own page for an own row, the
 * market's page of the order for another team's. Its name says which order, for screen readers.
 */
function OrderLink({ row, side, price }: { row: BidEntry | OfferEntry; side: "bid" | "offer"; price: string }) {
  const href = row.own && row.indication_id ? `/indications/${row.indication_id}` : `/market/${row.permalink_id}`;
  return (
    <IntentLink href={href} className={`hover:underline ${row.team ? "text-indigo-700" : "text-slate-600"}`} data-testid="order-link">
      {row.team ? row.team.name : "Anonymous"}
      <span className="sr-only">
        {" "}
        {SIDE_LABELS[side].toLowerCase()} at {price}
      </span>
    </IntentLink>
  );
}
