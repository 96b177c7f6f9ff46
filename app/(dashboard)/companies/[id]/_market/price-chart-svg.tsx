import { STRUCTURES, type Structure } from "@/lib/domain/enums";
import { formatDecimal, formatUsd, structureLabel } from "@/lib/format";
import type { PriceHistory } from "@/lib/market/chart";
import { monthLabel, ticks } from "../../../_lib/chart-scale";

/**
 * The price chart as plain SVG, rendered on the server: no chart library, no client JavaScript
 * (docs/architecture.md, "Decision: the price chart"). Coordinates are floats for drawing only;
 * every value shown in text (the points' titles, the axis) is the exact decimal string.
 */

const STRUCTURE_COLOURS: Record<Structure, string> = {
  direct: "#4f46e5",
  spv_1_layer: "#0891b2",
  spv_2_layer: "#16a34a",
  forward_contract: "#d97706",
  spv: "#9f1239",
};

/**
 * Two drawings of one chart: the SVG scales to its box, so one drawn 960 wide would shrink its
 * 10 px labels to 4 px on a phone. The phone's is drawn 360 wide and labels every third month.
 */
const SIZES = {
  wide: { width: 960, height: 320, left: 72, monthEvery: 1 },
  narrow: { width: 360, height: 260, left: 56, monthEvery: 3 },
} as const;
const PAD = { top: 12, right: 16, bottom: 28 };
const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function PriceChartSvg({
  history,
  bestBid: bid,
  bestOffer: offer,
  days,
}: {
  history: PriceHistory;
  bestBid: string | null;
  bestOffer: string | null;
  days: number;
}) {
  if (history.trades.length === 0 && bid === null && offer === null) {
    return <p className="py-8 text-center text-xs text-slate-600">No verified trades in this period and no open bids or offers visible to you.</p>;
  }
  const end = dayOf(history.today) + DAY_MS;
  const start = end - (days + 1) * DAY_MS;
  const traded = [...history.trades.map((t) => Number(t.price_per_share)), ...history.vwap_30d.map((p) => Number(p.vwap)), ...history.vwap_90d.map((p) => Number(p.vwap))];
  // Scaled by the trades: a quote far from them (a typo, a stale bid) is left to the ladders
  // rather than squashing every trade against an edge.
  const near = (quote: string | null) => quote !== null && (traded.length === 0 || (Number(quote) <= 2 * Math.max(...traded) && Number(quote) >= Math.min(...traded) / 2));
  const bestBid = near(bid) ? bid : null;
  const bestOffer = near(offer) ? offer : null;
  const prices = [...traded, ...(bestBid === null ? [] : [Number(bestBid)]), ...(bestOffer === null ? [] : [Number(bestOffer)])];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const margin = (high - low) * 0.08 || Math.abs(high) * 0.1 || 1;
  const yMin = Math.max(0, low - margin);
  const yMax = high + margin;
  const maxVolume = Math.max(1, ...history.trades.map((t) => Number(t.volume)));
  // Area proportional to volume: radius 2.5 to 11 px.
  const radius = (volume: number) => 2.5 + 8.5 * Math.sqrt(volume / maxVolume);
  const used = STRUCTURES.filter((s) => history.trades.some((t) => t.structure === s));
  // The first day of each month in the window.
  const monthTicks: number[] = [];
  const from = new Date(start);
  for (let m = 1; Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + m, 1) < end; m++) monthTicks.push(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + m, 1));
  const plot = (size: keyof typeof SIZES) => {
    const { width: WIDTH, height: HEIGHT, left, monthEvery } = SIZES[size];
    // Test ids on the wide drawing only: the narrow one is the same data.
    const id = (name: string) => (size === "wide" ? name : undefined);
    const x = (day: number) => left + ((day - start) / (end - start)) * (WIDTH - left - PAD.right);
    const y = (price: number) => HEIGHT - PAD.bottom - ((price - yMin) / (yMax - yMin)) * (HEIGHT - PAD.top - PAD.bottom);
    const path = (series: PriceHistory["vwap_30d"]) =>
      series.map((p, i) => `${i === 0 ? "M" : "L"}${x(dayOf(p.sign_date)).toFixed(1)},${y(Number(p.vwap)).toFixed(1)}`).join(" ");
    return (
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={size === "wide" ? "hidden h-auto w-full sm:block" : "h-auto w-full sm:hidden"}
        role="img"
        aria-label={`Verified trades (${history.trades.length}) by sign date and price per share, with the rolling 30- and 90-day VWAP and the best bid and offer`}
        data-testid={size === "wide" ? "price-chart-plot" : "price-chart-plot-narrow"}
      >
        {ticks(yMin, yMax, 5).map((v) => (
          <g key={`y${v}`}>
            <line x1={left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeDasharray="3 3" />
            <text x={left - 6} y={y(v) + 3} textAnchor="end" fontSize={10} fill="#64748b">
              ${formatDecimal(String(v))}
            </text>
          </g>
        ))}
        {monthTicks
          .filter((_, i) => i % monthEvery === 0)
          .map((t) => (
            <text key={`x${t}`} x={x(t)} y={HEIGHT - 10} textAnchor="middle" fontSize={10} fill="#64748b">
              {monthLabel(new Date(t).toISOString().slice(0, 7))}
            </text>
          ))}
        {bestBid !== null && bestOffer !== null ? (
          <rect
            x={left}
            width={WIDTH - left - PAD.right}
            y={Math.min(y(Number(bestBid)), y(Number(bestOffer)))}
            height={Math.abs(y(Number(bestBid)) - y(Number(bestOffer)))}
            fill="#94a3b8"
            fillOpacity={0.15}
            data-testid={id("book-band")}
          />
        ) : null}
        {bestBid !== null ? (
          <line x1={left} x2={WIDTH - PAD.right} y1={y(Number(bestBid))} y2={y(Number(bestBid))} stroke="#059669" strokeDasharray="4 2">
            <title>{`Best bid ${formatUsd(bestBid)}`}</title>
          </line>
        ) : null}
        {bestOffer !== null ? (
          <line x1={left} x2={WIDTH - PAD.right} y1={y(Number(bestOffer))} y2={y(Number(bestOffer))} stroke="#e11d48" strokeDasharray="4 2">
            <title>{`Best offer ${formatUsd(bestOffer)}`}</title>
          </line>
        ) : null}
        {history.trades.map((t, i) => (
          <circle
            key={i}
            cx={x(dayOf(t.sign_date))}
            cy={y(Number(t.price_per_share))}
            r={radius(Number(t.volume))}
            fill={STRUCTURE_COLOURS[t.structure]}
            fillOpacity={0.55}
            data-testid={id("trade-point")}
          >
            <title>{`${t.sign_date}: ${formatUsd(t.price_per_share)} per share, ${formatDecimal(t.volume)} USD, ${structureLabel(t.structure)}`}</title>
          </circle>
        ))}
        <path d={path(history.vwap_90d)} fill="none" stroke="#64748b" strokeWidth={1.5} strokeDasharray="6 3" data-testid={id("vwap-90-line")} />
        <path d={path(history.vwap_30d)} fill="none" stroke="#0f172a" strokeWidth={1.5} data-testid={id("vwap-30-line")} />
      </svg>
    );
  };
  return (
    <figure className="space-y-2">
      {plot("wide")}
      {plot("narrow")}
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-[11px] text-slate-600">
        {used.map((s) => (
          <span key={s} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: STRUCTURE_COLOURS[s] }} />
            {structureLabel(s)}
          </span>
        ))}
        <span>— VWAP 30 days</span>
        <span className="text-slate-500">- - VWAP 90 days</span>
        <span className="text-emerald-700">best bid</span>
        <span className="text-rose-700">best offer</span>
        <span>points sized by volume</span>
      </figcaption>
    </figure>
  );
}
