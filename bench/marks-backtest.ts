/**
 * `npm run marks:backtest`: how good the daily mark is (issue 46, docs/marks.md "Backtest"). For
 * every verified trade of a data set, the mark of the day before (from data before that day only)
 * against the trade's price, beside the last verified trade's price and the tape's 90-day VWAP.
 *
 *   npm run marks:backtest                                  # the database DATABASE_URL names (default prisma/data/desk.db)
 *   npm run marks:backtest -- --generate demo --seed 7      # the demo generator's rows, in memory
 *   npm run marks:backtest -- --generate large --seed 4242 [--companies N --indications N --trades N]
 *   … --param dailyVariance=0.0002                          # another parameter (lib/marks/params.ts; quoteSize.exponent=0.5 inside a rule)
 *   … --factors none                                        # no structure, class or side adjustments
 *   … --far-quotes 0.05                                     # a share of the quotes moved far behind the market
 *   … --lone-quote                                          # how far one fresh order far from the mark moves it (bench/marks-lone.ts)
 *
 * The generated data prices open orders at the market of the data set's last day, so no open
 * order is used (it would tell the future); a closed one is priced at the market of its last
 * change, so it is used from that day on, as a quote refreshed then.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import "../lib/env";
import { databaseKind, databaseUrl, sqliteFilePath } from "../lib/db/url";
import { estimateMarketFactors, NO_FACTORS, type MarketFactors } from "../lib/marks/adjustments";
import { dayDate, dayNumber, DAY_MS } from "../lib/domain/days";
import { MarkSeries, type MarkState } from "../lib/marks/estimator";
import { DEFAULT_PARAMS, type MarkParams } from "../lib/marks/params";
import { Rng } from "../lib/random";
import type { Mark, QuoteObservation, TradeObservation } from "../lib/marks/types";
import { SCALES } from "../prisma/seed/large-scales";
import { referencePrice } from "../prisma/seed/record-values";
import { loneQuoteMoves, loneQuoteReport } from "./marks-lone";
import { generateDemo, generateLarge, loadDatabase, type CompanyData, type Dataset } from "./marks-data";
import { report, type Case } from "./marks-score";

const THIN = 3;

/** The closed, visible quotes as the backtest may use them: priced at their last change, from that day. */
function usableQuotes(company: CompanyData): QuoteObservation[] {
  return company.quotes.filter((q) => !q.open && q.visibility !== "private").map((q) => ({ ...q, refreshedAt: q.updatedAt }));
}

/** Scores the company's marks into `cases`; answers the series' state after its last day. */
function backtestCompany(company: CompanyData, factors: MarketFactors, params: MarkParams, generated: boolean, cases: Case[]): MarkState {
  const quotes = usableQuotes(company).sort((a, b) => a.refreshedAt - b.refreshedAt);
  const tradesByDay = new Map<number, TradeObservation[]>();
  for (const t of company.trades) {
    const day = dayNumber(t.date);
    tradesByDay.set(day, [...(tradesByDay.get(day) ?? []), t]);
  }
  const days = [...new Set([...tradesByDay.keys(), ...quotes.map((q) => Math.floor(q.refreshedAt / DAY_MS))])].sort((a, b) => a - b);
  const series = new MarkSeries(factors, undefined, params);
  const verified: { day: number; price: number; volume: number }[] = [];
  let book: QuoteObservation[] = [];
  let nextQuote = 0;
  let mark: Mark | null = null;
  let markDay = -Infinity;
  for (const day of days) {
    const todays = tradesByDay.get(day) ?? [];
    const tested = todays.filter((t) => t.verified);
    if (tested.length) {
      if (markDay < day - 1 && markDay > -Infinity) mark = series.advance(dayDate(day - 1));
      const last = verified.at(-1)?.price ?? null;
      let volume = 0;
      let shares = 0;
      let inHalfYear = 0;
      for (let i = verified.length - 1; i >= 0 && verified[i].day >= day - 180; i--) {
        inHalfYear++;
        if (verified[i].day < day - 90) continue;
        volume += verified[i].volume;
        shares += verified[i].volume / verified[i].price;
      }
      for (const t of tested) {
        cases.push({
          thin: inHalfYear <= THIN,
          price: t.price,
          reference: generated ? referencePrice(company.id, day * DAY_MS) : null,
          predictions: { mark: mark && Number(mark.price_per_share), "last verified trade": last, "90-day VWAP": shares > 0 ? volume / shares : null },
          band: mark && { low: Number(mark.low), high: Number(mark.high) },
        });
      }
    }
    let changed = false;
    while (nextQuote < quotes.length && Math.floor(quotes[nextQuote].refreshedAt / DAY_MS) <= day) {
      book = [...book, quotes[nextQuote++]];
      changed = true;
    }
    mark = series.advance(dayDate(day), todays, changed ? book : undefined);
    markDay = day;
    for (const t of tested) verified.push({ day, price: t.price, volume: t.volume });
  }
  return series.snapshot();
}

/**
 * Moves a share of the quotes far behind the market, as real books have them and the generators do
 * not: a bid at 25–60 % of its price (a lowball), an offer at 1.7–4× (docs/marks.md, "Backtest").
 */
function farQuotes(data: Dataset, share: number): void {
  if (!(share >= 0 && share <= 1)) throw new Error("--far-quotes is a share between 0 and 1");
  const rng = new Rng(46);
  for (const company of data.companies)
    for (const q of company.quotes) if (rng.chance(share)) q.price *= q.side === "bid" ? rng.between(0.25, 0.6) : rng.between(1.7, 4);
}

function parseParams(pairs: string[]): MarkParams {
  const params = structuredClone(DEFAULT_PARAMS) as unknown as Record<string, Record<string, unknown>>;
  for (const pair of pairs) {
    // `name=value`, or `rule.field=value` inside a size rule (quoteSize.exponent=0.5).
    const [path, value] = pair.split("=");
    const [key, field, ...deeper] = path.split(".");
    const holder = field === undefined ? params : params[key];
    const name = field ?? key;
    const known = deeper.length === 0 && typeof holder === "object" && name in holder && typeof holder[name] === "number";
    if (!known || !value?.trim() || !Number.isFinite(Number(value))) throw new Error(`--param ${pair}: expected name=number or rule.field=number, naming a numeric parameter of lib/marks/params.ts`);
    holder[name] = Number(value);
  }
  return params as unknown as MarkParams;
}

async function dataset(values: Record<string, string | string[] | boolean | undefined>): Promise<Dataset> {
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (values.generate === "demo") return generateDemo(seed ?? 20261101);
  if (values.generate === "large") {
    const scale = { ...SCALES.large };
    for (const key of ["companies", "indications", "trades"] as const) if (values[key] !== undefined) scale[key] = Number(values[key]);
    return generateLarge(seed ?? 4242, scale);
  }
  if (values.generate !== undefined) throw new Error("--generate is demo or large");
  const url = databaseUrl();
  if (databaseKind(url) === "sqlite" && !existsSync(sqliteFilePath(url))) throw new Error(`no database at ${sqliteFilePath(url)}: npm run db:setup creates the demo one`);
  return loadDatabase(url);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      generate: { type: "string" }, seed: { type: "string" }, companies: { type: "string" }, indications: { type: "string" }, trades: { type: "string" },
      param: { type: "string", multiple: true }, factors: { type: "string" }, "is-generated": { type: "boolean" }, "far-quotes": { type: "string" }, "lone-quote": { type: "boolean" },
    },
  });
  const params = parseParams(values.param ?? []);
  let t = performance.now();
  const data = await dataset(values);
  const loaded = performance.now() - t;
  if (values["far-quotes"] !== undefined) farQuotes(data, Number(values["far-quotes"]));
  // A database seeded by the generators (the demo or the large seed) has the generator's reference prices.
  const generated = values.generate !== undefined || values["is-generated"] === true;
  t = performance.now();
  const factors = values.factors === "none" ? NO_FACTORS : estimateMarketFactors(data.companies.map((c) => ({ trades: c.trades, quotes: usableQuotes(c) })));
  const estimated = performance.now() - t;
  t = performance.now();
  const cases: Case[] = [];
  const states = data.companies.map((company) => backtestCompany(company, factors, params, generated, cases));
  const walked = performance.now() - t;
  const fmt = (f: { value: number; raw: number; n: number }) => `${(100 * f.value).toFixed(2)} % (raw ${(100 * f.raw).toFixed(2)} %, n ${f.n})`;
  console.log(`Backtest of the mark on ${data.name}${Number(values["far-quotes"] ?? 0) > 0 ? `, ${values["far-quotes"]} of the quotes far behind the market` : ""}`);
  console.log(`loaded in ${(loaded / 1000).toFixed(1)} s; factors in ${(estimated / 1000).toFixed(1)} s; marks walked in ${(walked / 1000).toFixed(1)} s\n`);
  console.log("Adjustments (log-ratio to the footing, shrunk):");
  for (const [group, entries] of Object.entries(factors)) for (const [key, f] of Object.entries(entries)) console.log(`  ${group} ${key}: ${fmt(f as never)}`);
  console.log(`\n${report(cases)}`);
  if (values["lone-quote"]) console.log(`\n${loneQuoteReport(loneQuoteMoves(states, factors, params))}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
