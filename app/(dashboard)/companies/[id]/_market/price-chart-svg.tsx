import { STRUCTURES, type Structure } from "@/lib/domain/enums";
import { formatDecimal, formatUsd, formatUsdPlaces, pricePlaces, structureLabel } from "@/lib/format";
import type { PriceHistory } from "@/lib/market/chart";
import type { CompanyMarks } from "@/lib/marks/schema";
import { SUMMARY_WINDOWS } from "@/lib/market/summary";
import { monthLabel, ticks } from "../../../_lib/chart-scale";
import { DAY_MS } from "@/lib/domain/days";

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
 * Two drawings of one chart: the SVG scales to its box, so one drawn wide would shrink its labels
 * to 4 px on a phone. The phone's is drawn 320 wide (about its box at 390 px) with 13-unit text,
 * 11 px and more on screen, and labels every third month; its right margin holds a quote's price
 * at four decimals ("$0.5600", its colour saying bid or offer as the legend does), the wide one's
 * its name too ("Offer $0.5600").
 */
const SIZES = {
  wide: { width: 1200, height: 360, left: 72, right: 150, bottom: 30, monthEvery: 1, font: 11 },
  narrow: { width: 320, height: 290, left: 60, right: 72, bottom: 44, monthEvery: 3, font: 13 },
} as const;
const TOP = 14;
/** How far back the book's best bid and offer are drawn: they are today's quotes, not the year's. */
const QUOTE_DAYS = 30;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** A filled circle as a path's two arcs, to 0.1 px. */
function dot(cx: number, cy: number, r: number): string {
  const [left, mid, radius, across] = [(cx - r).toFixed(1), cy.toFixed(1), r.toFixed(1), (2 * r).toFixed(1)];
  return `M${left},${mid}a${radius},${radius} 0 1,0 ${across},0a${radius},${radius} 0 1,0 -${across},0`;
}

export function PriceChartSvg({
  history,
  marks,
  bestBid: bid,
  bestOffer: offer,
  days,
}: {
  history: PriceHistory;
  /** The daily marks over the window, oldest first: a line, its band shaded behind the trades. */
  marks: CompanyMarks["marks"];
  bestBid: string | null;
  bestOffer: string | null;
  days: number;
}) {
  if (history.trades.length === 0 && marks.length === 0 && bid === null && offer === null) {
    return <p className="py-8 text-center text-xs text-slate-600">No verified trades, no mark in this period and no open bids or offers visible to you.</p>;
  }
  const end = dayOf(history.today) + DAY_MS;
  const start = end - (days + 1) * DAY_MS;
  const traded = [
    ...history.trades.map((t) => Number(t.price_per_share)),
    ...history.vwap_30d.map((p) => Number(p.vwap)),
    ...history.vwap_90d.map((p) => Number(p.vwap)),
    ...marks.map((m) => Number(m.price_per_share)),
  ];
  // Scaled by the trades: a quote far from them (a typo, a stale bid) is left to the ladders
  // rather than squashing every trade against an edge.
  const near = (quote: string | null) => quote !== null && (traded.length === 0 || (Number(quote) <= 2 * Math.max(...traded) && Number(quote) >= Math.min(...traded) / 2));
  const bestBid = near(bid) ? bid : null;
  const bestOffer = near(offer) ? offer : null;
  // Today's band is in the scale, so the band the mark's sentence states can be read off the
  // chart; an older, carried band may still run off it (clipped below).
  const current = marks.at(-1);
  const band = current ? [current.low, current.high].filter(near).map(Number) : [];
  const prices = [...traded, ...band, ...(bestBid === null ? [] : [Number(bestBid)]), ...(bestOffer === null ? [] : [Number(bestOffer)])];
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
    const { width: WIDTH, height: HEIGHT, left, right, bottom, monthEvery, font } = SIZES[size];
    // Test ids on the wide drawing only: the narrow one is the same data.
    const id = (name: string) => (size === "wide" ? name : undefined);
    const x = (day: number) => left + ((day - start) / (end - start)) * (WIDTH - left - right);
    const y = (price: number) => HEIGHT - bottom - ((price - yMin) / (yMax - yMin)) * (HEIGHT - TOP - bottom);
    // A rolling VWAP is undefined where its window holds no trade: the line breaks there instead
    // of running straight across months without trades.
    const path = (series: PriceHistory["vwap_30d"], windowDays: number) =>
      series
        .map((p, i) => {
          const gap = i > 0 && dayOf(p.sign_date) - dayOf(series[i - 1].sign_date) > windowDays * DAY_MS;
          return `${i === 0 || gap ? "M" : "L"}${x(dayOf(p.sign_date)).toFixed(1)},${y(Number(p.vwap)).toFixed(1)}`;
        })
        .join(" ");
    const quoteFrom = x(end - QUOTE_DAYS * DAY_MS);
    const quoteTo = WIDTH - right;
    const quotes = quoteLabels(bestBid === null ? null : y(Number(bestBid)), bestOffer === null ? null : y(Number(bestOffer)), font + 3);
    return (
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={size === "wide" ? "hidden h-auto w-full sm:block" : "h-auto w-full sm:hidden"}
        role="img"
        aria-label={`Verified trades (${history.trades.length}) by sign date and price per share, with the daily mark and its band, the rolling 30- and 90-day VWAP and the best bid and offer`}
        data-testid={size === "wide" ? "price-chart-plot" : "price-chart-plot-narrow"}
        data-scale={`${yMin} ${yMax}`}
      >
        {ticks(yMin, yMax, 5).map((v) => (
          <g key={`y${v}`}>
            <line x1={left} x2={WIDTH - right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeDasharray="3 3" />
            <text x={left - 6} y={y(v) + font / 3} textAnchor="end" fontSize={font} fill="#64748b">
              ${formatDecimal(String(v))}
            </text>
          </g>
        ))}
        {monthTicks
          .filter((_, i) => i % monthEvery === 0)
          .map((t) => (
            <MonthLabel key={`x${t}`} x={x(t)} y={HEIGHT - bottom + font + 6} font={font} month={new Date(t).toISOString().slice(0, 7)} twoLines={size === "narrow"} />
          ))}
        {history.trades.length === 0 ? (
          // At the top, not the middle, where the mark's line runs.
          <text x={(left + WIDTH - right) / 2} y={TOP + font + 4} textAnchor="middle" fontSize={font} fill="#475569" data-testid={id("chart-no-trades")}>
            No verified trades in this period
          </text>
        ) : null}
        {marks.length > 0 ? (
          <g data-testid={id("mark-series")}>
            {/* The band may run off the scale (a carried band widens): clipped to the plot. */}
            <path d={markBand(marks, (m) => x(dayOf(m.date)), (v) => Math.min(HEIGHT - bottom, Math.max(TOP, y(v))))} fill="#6366f1" fillOpacity={0.12} data-testid={size === "wide" ? "mark-band" : "mark-band-narrow"} />
            <path d={markLine(marks, (m) => x(dayOf(m.date)), y)} fill="none" stroke="#4338ca" strokeWidth={1.5} strokeOpacity={0.7} data-testid={id("mark-line")} />
          </g>
        ) : null}
        {bestBid !== null && bestOffer !== null ? (
          <rect
            x={quoteFrom}
            width={quoteTo - quoteFrom}
            y={Math.min(y(Number(bestBid)), y(Number(bestOffer)))}
            height={Math.abs(y(Number(bestBid)) - y(Number(bestOffer)))}
            fill="#94a3b8"
            fillOpacity={0.15}
            data-testid={id("book-band")}
          />
        ) : null}
        {/* Today's best quotes, at the right edge with their prices beside them. */}
        {bestBid !== null && quotes.bid !== null ? (
          <QuoteLine testId={id("best-bid")} name={size === "wide" ? "Bid" : null} price={bestBid} from={quoteFrom} to={quoteTo} y={y(Number(bestBid))} labelY={quotes.bid} font={font} stroke="#059669" fill="#047857" />
        ) : null}
        {bestOffer !== null && quotes.offer !== null ? (
          <QuoteLine testId={id("best-offer")} name={size === "wide" ? "Offer" : null} price={bestOffer} from={quoteFrom} to={quoteTo} y={y(Number(bestOffer))} labelY={quotes.offer} font={font} stroke="#e11d48" fill="#be123c" />
        ) : null}
        {size === "wide"
          ? history.trades.map((t, i) => (
              <circle
                key={i}
                cx={x(dayOf(t.sign_date)).toFixed(1)}
                cy={y(Number(t.price_per_share)).toFixed(1)}
                r={radius(Number(t.volume)).toFixed(1)}
                fill={STRUCTURE_COLOURS[t.structure]}
                fillOpacity={0.55}
                data-testid="trade-point"
              >
                <title>{`${t.sign_date}: ${formatUsd(t.price_per_share)} per share, ${formatDecimal(t.volume)} USD, ${structureLabel(t.structure)}`}</title>
              </circle>
            ))
          : // A phone has no pointer to hover a point's title: each structure's points are one path (docs/ui.md, "Charts").
            used.map((structure) => (
              <path
                key={structure}
                d={history.trades
                  .filter((t) => t.structure === structure)
                  .map((t) => dot(x(dayOf(t.sign_date)), y(Number(t.price_per_share)), radius(Number(t.volume))))
                  .join("")}
                fill={STRUCTURE_COLOURS[structure]}
                fillOpacity={0.55}
              />
            ))}
        <path d={path(history.vwap_90d, SUMMARY_WINDOWS.long)} fill="none" stroke="#64748b" strokeWidth={1.5} strokeDasharray="6 3" data-testid={id("vwap-90-line")} />
        <path d={path(history.vwap_30d, SUMMARY_WINDOWS.short)} fill="none" stroke="#0f172a" strokeWidth={1.5} data-testid={id("vwap-30-line")} />
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
        {marks.length > 0 ? (
          <span className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-2.5 w-4 border-y-2 border-indigo-700/70 bg-indigo-500/20" />
            mark and its band
          </span>
        ) : null}
        <span>— VWAP 30 days</span>
        <span className="text-slate-500">- - VWAP 90 days</span>
        <span>
          today&apos;s <span className="text-emerald-700">best bid</span> and <span className="text-rose-700">offer</span>, drawn across the last {QUOTE_DAYS} days
          <OffScale bid={bid === bestBid ? null : bid} offer={offer === bestOffer ? null : offer} />
        </span>
        <span>points sized by volume</span>
      </figcaption>
    </figure>
  );
}

/** The best bid or offer left off the chart's scale (over twice or under half of every trade and mark), said in its words. */
function OffScale({ bid, offer }: { bid: string | null; offer: string | null }) {
  const off = [bid === null ? null : `the best bid, ${formatUsd(bid)}`, offer === null ? null : `the best offer, ${formatUsd(offer)}`].filter(Boolean);
  if (off.length === 0) return null;
  return <span data-testid="chart-off-scale"> ({off.join(" and ")}, far from the trades: in the order book, not drawn)</span>;
}

type MarkDay = CompanyMarks["marks"][number];

/** The marks' band as one shape: along the highs, back along the lows. */
function markBand(marks: readonly MarkDay[], x: (m: MarkDay) => number, y: (v: number) => number): string {
  const point = (m: MarkDay, v: string) => `${x(m).toFixed(1)},${y(Number(v)).toFixed(1)}`;
  return `M${marks.map((m) => point(m, m.high)).join(" L")} L${[...marks].reverse().map((m) => point(m, m.low)).join(" L")} Z`;
}

/** The mark's line, day by day. */
function markLine(marks: readonly MarkDay[], x: (m: MarkDay) => number, y: (v: number) => number): string {
  return `M${marks.map((m) => `${x(m).toFixed(1)},${y(Number(m.price_per_share)).toFixed(1)}`).join(" L")}`;
}

/** Where the bid's and the offer's labels sit (their lines' heights), pushed apart to `gap` when they would overlap. */
function quoteLabels(bid: number | null, offer: number | null, gap: number): { bid: number | null; offer: number | null } {
  if (bid === null || offer === null || Math.abs(bid - offer) >= gap) return { bid, offer };
  const middle = (bid + offer) / 2;
  // The higher price's label above (a smaller y), as its line is.
  const offerAbove = offer <= bid;
  return { bid: middle + (offerAbove ? gap / 2 : -gap / 2), offer: middle + (offerAbove ? -gap / 2 : gap / 2) };
}

/** A quote beside its line: the tables' price rule, short enough for the margin (the exact one is in the ladders). */
const quotePrice = (value: string) => formatUsdPlaces(value, pricePlaces([value]));

/** A month on the time axis: "Jan 2026", on a phone "Jan" over "2026" (three months apart, they would overlap). */
/** A best quote's dashed line across the last days, its price at the line's right end. */
function QuoteLine(props: { testId: string | undefined; name: string | null; price: string; from: number; to: number; y: number; labelY: number; font: number; stroke: string; fill: string }) {
  const { testId, name, price, from, to, y, labelY, font, stroke, fill } = props;
  return (
    <g data-testid={testId}>
      <line x1={from} x2={to} y1={y} y2={y} stroke={stroke} strokeWidth={1.5} strokeDasharray="4 2" />
      <text x={to + 4} y={labelY + font / 3} fontSize={font} fill={fill}>
        {name === null ? quotePrice(price) : `${name} ${quotePrice(price)}`}
      </text>
    </g>
  );
}

function MonthLabel({ x, y, font, month, twoLines }: { x: number; y: number; font: number; month: string; twoLines: boolean }) {
  const [name, year] = monthLabel(month).split(" ");
  return (
    <text x={x} y={y} textAnchor="middle" fontSize={font} fill="#64748b">
      {twoLines ? (
        <>
          <tspan x={x}>{name}</tspan>
          <tspan x={x} dy={font + 1}>
            {year}
          </tspan>
        </>
      ) : (
        `${name} ${year}`
      )}
    </text>
  );
}
