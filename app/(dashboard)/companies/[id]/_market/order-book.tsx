import type { Caller } from "@/lib/auth/caller";
import { formatUsd, structureLabel, VISIBILITY_LABELS } from "@/lib/format";
import type { BidEntry, OfferEntry } from "@/lib/market/schema";
import { MoneyCell } from "../../../_components/cells";
import { loadOrderBook } from "./data";
import { depthShares } from "./depth";

/**
 * The company's order book as the caller may see it (lib/market): bids and offers as two ladders
 * with cumulative depth bars, the spread, the caller's own rows marked. Streams on its own
 * (the page wraps it in Suspense).
 */
export async function OrderBookSection({ caller, companyId }: { caller: Caller; companyId: string }) {
  const book = await loadOrderBook(caller, companyId);
  const depth = depthShares(book.bids, book.offers);
  return (
    <section aria-labelledby="order-book-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="order-book">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="order-book-heading" className="text-sm font-semibold text-slate-900">
          Order book
        </h2>
        <p className="text-xs text-slate-600" data-testid="spread">
          Best bid <strong className="whitespace-nowrap font-mono text-emerald-700">{formatUsd(book.best_bid)}</strong> · best offer{" "}
          <strong className="whitespace-nowrap font-mono text-rose-700">{formatUsd(book.best_offer)}</strong> · spread{" "}
          <strong className="whitespace-nowrap font-mono text-slate-900">{book.spread === null ? "—" : formatUsd(book.spread)}</strong>
          {book.spread !== null && book.spread.startsWith("-") ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900" data-testid="crossed-book">
              Crossed: a bid is above an offer
            </span>
          ) : null}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Ladder side="bid" rows={book.bids} shares={depth.bids} count={book.bid_count} />
        <Ladder side="offer" rows={book.offers} shares={depth.offers} count={book.offer_count} />
      </div>
      <p className="text-[11px] text-slate-500">
        Open indications the marketplace shows you: public and anonymous ones of every team, private ones shared with you, and your team&apos;s own
        (marked). Bars show cumulative volume from the best price.
      </p>
    </section>
  );
}

function Ladder({ side, rows, shares, count }: { side: "bid" | "offer"; rows: (BidEntry | OfferEntry)[]; shares: number[]; count: number }) {
  const bid = side === "bid";
  const title = bid ? "Bids" : "Offers";
  const prices = rows.map((row) => row.price_per_share);
  return (
    <div data-testid={`${side}-ladder`}>
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {title} <span className="font-normal normal-case">({count} shown to you{count > rows.length ? `, best ${rows.length} here` : ""})</span>
      </h3>
      {/* Amounts never wrap (docs/ui.md "Numbers"): the longest ones scroll inside the ladder's frame. */}
      <div className="overflow-x-auto">
        <table className="w-full text-xs" aria-label={`${title}, best price first`}>
          <thead className="text-left text-[11px] text-slate-500">
            <tr>
              <th className="py-1 pr-3 text-right font-medium">Price / share</th>
              <th className="py-1 text-right font-medium">Volume</th>
              <th className="py-1 pl-3 font-medium">{bid ? "Structures" : "Structure"}</th>
              <th className="py-1 pl-3 font-medium">Team</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-3 text-center text-slate-600">
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
                <td className="py-1 pl-3">{"structure" in row ? structureLabel(row.structure) : row.acceptable_structures.map(structureLabel).join(", ")}</td>
                <td className="py-1 pl-3">
                  {row.team ? row.team.name : <span className="text-slate-600">Anonymous</span>}
                  {row.own ? (
                    <span className="ml-1.5 rounded bg-indigo-600 px-1.5 py-0.5 text-[10px] font-semibold text-white" title="Your team's indication">
                      Yours
                    </span>
                  ) : null}
                  {row.visibility === "private" ? (
                    <span className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-[10px] text-amber-800">{VISIBILITY_LABELS.private}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
