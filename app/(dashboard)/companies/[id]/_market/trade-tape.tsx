import { parsePage } from "@/lib/schema/pagination";
import type { Caller } from "@/lib/auth/caller";
import { VWAP_DEFINITION } from "@/lib/domain/vwap";
import { formatCount, formatDate, formatUsd, formatUsdAverage, formatUsdPlaces, formatUsdWhole, pricePlaces, structureLabel } from "@/lib/format";
import { readCompanyTape } from "@/lib/market/queries";
import { DEFAULT_TAPE_SORT } from "@/lib/market/schema";
import { MoneyCell } from "../../../_components/cells";

/** Trades on the page's tape: the newest, as the API's first page. */
const PAGE_TAPE_SIZE = 20;

/**
 * The company's trade tape (verified trades, as the caller may see them) with its summary cards:
 * last price, 30- and 90-day VWAP (the one definition, lib/domain/vwap.ts), 90-day volume.
 */
export async function TradeTapeSection({ caller, companyId }: { caller: Caller; companyId: string }) {
  const tape = await readCompanyTape(caller, companyId, { page: 1, per_page: PAGE_TAPE_SIZE, structure: undefined, sign_date_from: undefined, sign_date_to: undefined, sort: DEFAULT_TAPE_SORT });
  const { summary } = tape;
  const page = parsePage(tape.page);
  // The tables' money rules (docs/ui.md "Numbers"): a price, an average (4 decimals), a volume in
  // whole dollars. The exact values are the cards' titles.
  const last = summary.last_price;
  const cards = [
    { label: "Last price", value: last === null ? formatUsd(last) : formatUsdPlaces(last, pricePlaces([last])), exact: summary.last_price, note: summary.last_sign_date ? `signed ${formatDate(summary.last_sign_date)}` : "no verified trade", testId: "tape-last" },
    { label: "VWAP 30 days", value: formatUsdAverage(summary.vwap_30d), exact: summary.vwap_30d, note: "volume-weighted average", testId: "tape-vwap-30" },
    { label: "VWAP 90 days", value: formatUsdAverage(summary.vwap_90d), exact: summary.vwap_90d, note: "volume-weighted average", testId: "tape-vwap-90" },
    {
      label: "Volume 90 days",
      value: summary.volume_90d === null ? formatUsd(null) : formatUsdWhole(summary.volume_90d),
      exact: summary.volume_90d,
      note: `${formatCount(summary.trade_count_90d)} ${summary.trade_count_90d === 1 ? "trade" : "trades"}`,
      testId: "tape-volume-90",
    },
  ];
  const prices = page.items.map((trade) => trade.price_per_share);
  return (
    <section aria-labelledby="trade-tape-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="trade-tape">
      <h2 id="trade-tape-heading" className="text-sm font-semibold text-slate-900">
        Trade tape <span className="font-normal text-slate-500">(verified trades of every team)</span>
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="tape-summary">
        {cards.map((card) => (
          <div key={card.label} className="min-w-0 rounded border border-slate-200 bg-slate-50 px-3 py-2">
            <dt className="text-[11px] font-semibold uppercase tracking-wide text-slate-500">{card.label}</dt>
            <dd className="overflow-x-auto whitespace-nowrap text-base tabular-nums text-slate-900" data-testid={card.testId} title={card.exact ? `${card.exact} USD` : undefined}>
              {card.value}
            </dd>
            <dd className="text-[11px] text-slate-500">{card.note}</dd>
          </div>
        ))}
      </dl>
      <p className="text-[11px] text-slate-500">VWAP: {VWAP_DEFINITION}.</p>
      {/* Amounts and dates never wrap (docs/ui.md "Numbers"): a long one scrolls inside this frame,
          which the keyboard reaches (axe: a scrollable region is focusable). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Recent verified trades, scrollable">
        <table className="w-full text-xs" aria-label="Recent verified trades, newest first">
          <thead className="text-left text-[11px] text-slate-500">
            <tr>
              <th className="py-1 pr-3 font-medium">Signed</th>
              <th className="py-1 text-right font-medium">Price / share</th>
              <th className="py-1 pl-3 text-right font-medium">Volume</th>
              {/* On a phone structure and team go under the date (TradeWho), so the numbers keep their room. */}
              <th className="hidden py-1 pl-3 font-medium sm:table-cell">Structure</th>
              <th className="hidden py-1 pl-3 font-medium sm:table-cell">Team</th>
            </tr>
          </thead>
          <tbody>
            {page.items.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-3 text-center text-slate-600">
                  No verified trades
                </td>
              </tr>
            ) : null}
            {page.items.map((trade, i) => (
              <tr key={`${trade.sign_date}-${i}`} className={`border-t border-slate-100 ${trade.own ? "bg-indigo-50 font-medium" : ""}`} data-testid="tape-row" data-own={trade.own ? "true" : undefined}>
                <td className="py-1 pr-3 align-top">
                  <span className="whitespace-nowrap">{formatDate(trade.sign_date)}</span>
                  <span className="block text-[11px] text-slate-600 sm:hidden" data-testid="tape-row-who">
                    {structureLabel(trade.structure)} · <TradeWho trade={trade} />
                  </span>
                </td>
                <td className="whitespace-nowrap py-1 text-right align-top tabular-nums">
                  <MoneyCell value={trade.price_per_share} column={prices} />
                </td>
                <td className="whitespace-nowrap py-1 pl-3 text-right align-top tabular-nums">
                  <MoneyCell value={trade.volume} />
                </td>
                <td className="hidden py-1 pl-3 align-top sm:table-cell">{structureLabel(trade.structure)}</td>
                <td className="hidden py-1 pl-3 align-top sm:table-cell">
                  <TradeWho trade={trade} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-[11px] text-slate-500">
        {formatCount(page.total_count)} verified {page.total_count === 1 ? "trade" : "trades"} in all; the newest {formatCount(Math.min(PAGE_TAPE_SIZE, page.total_count))} here. Every one, with
        filters, through the API:{" "}
        <a href="/docs/api.md#get-companiescompany_idtrades" className="text-indigo-700 underline">
          the company&apos;s trades
        </a>
        .
      </p>
    </section>
  );
}

/** Whose trade it was, as far as the tape says: the team, or "Not attributed"; the caller's own marked. */
function TradeWho({ trade }: { trade: { team: { name: string } | null; own: boolean } }) {
  return (
    <>
      {trade.team ? trade.team.name : <span className="text-slate-600">Not attributed</span>}
      {trade.own ? <span className="ml-1.5 rounded bg-indigo-600 px-1.5 py-0.5 text-[10px] font-semibold text-white">Yours</span> : null}
    </>
  );
}
