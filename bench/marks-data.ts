import { createDb } from "../lib/db/client";
import type { Side, StockClassType, Structure, Visibility } from "../lib/domain/enums";
import type { QuoteObservation, TradeObservation } from "../lib/marks/types";
import { companyRow, companySlug } from "../prisma/seed/company-rows";
import { BASE_TIME } from "../prisma/seed/generators";
import { generateBase, generateFlat, INDICATION_COLUMNS, TRADE_COLUMNS } from "../prisma/seed/large-rows";
import type { LargeScale } from "../prisma/seed/large-scales";
import { indicationRow, tradeRow } from "../prisma/seed/record-rows";
import { DEFAULT_COUNTS, rowContext } from "../prisma/seed/run";

/**
 * The backtest's data (bench/marks-backtest.ts): one data set's trades and indications per
 * company, read from a database or generated in memory by the seeds' own row generators.
 */

/** An indication as the backtest needs it: the estimator's quote and when it last changed. */
export interface QuoteRow extends QuoteObservation {
  open: boolean;
  updatedAt: number;
}

export interface CompanyData {
  id: string;
  trades: TradeObservation[];
  quotes: QuoteRow[];
}

export interface Dataset {
  name: string;
  companies: CompanyData[];
}

class Collector {
  private readonly byId = new Map<string, CompanyData>();
  company(id: string): CompanyData {
    let c = this.byId.get(id);
    if (!c) this.byId.set(id, (c = { id, trades: [], quotes: [] }));
    return c;
  }
  dataset(name: string): Dataset {
    return { name, companies: [...this.byId.values()] };
  }
}

interface RawIndication {
  issuerId: string;
  side: string;
  pricePerShare: string;
  volume: string;
  structure: string | null;
  acceptableStructures: string;
  stockClassType: string;
  visibility: string;
  stage: string;
  lastRefreshedAt: Date | number;
  updatedAt: Date | number;
}

interface RawTrade {
  issuerId: string;
  signDate: string;
  pricePerShare: string;
  volume: string;
  structure: string;
  stockClassType: string;
  isVerified: boolean | number;
}

function addIndication(into: Collector, r: RawIndication): void {
  into.company(r.issuerId).quotes.push({
    side: r.side as Side,
    price: Number(r.pricePerShare),
    volume: Number(r.volume),
    structures: r.side === "offer" ? [r.structure as Structure] : (JSON.parse(r.acceptableStructures) as Structure[]),
    stockClassType: r.stockClassType as StockClassType,
    visibility: r.visibility as Visibility,
    refreshedAt: Number(r.lastRefreshedAt),
    open: r.stage === "open",
    updatedAt: Number(r.updatedAt),
  });
}

function addTrade(into: Collector, r: RawTrade): void {
  into.company(r.issuerId).trades.push({
    date: r.signDate,
    price: Number(r.pricePerShare),
    volume: Number(r.volume),
    structure: r.structure as Structure,
    stockClassType: r.stockClassType as StockClassType,
    verified: Boolean(r.isVerified),
  });
}

/** The demo seed's rows (prisma/seed/run.ts) under `seed`, without writing them anywhere. */
export function generateDemo(seed: number): Dataset {
  const companies = Array.from({ length: DEFAULT_COUNTS.companies }, (_, i) => companyRow(seed, i));
  const ctx = rowContext(seed, BASE_TIME, companies.map((c) => ({ id: c.id, slug: companySlug(c.name) })));
  const into = new Collector();
  for (let i = 0; i < DEFAULT_COUNTS.indications; i++) addIndication(into, indicationRow(ctx, i));
  for (let i = 0; i < DEFAULT_COUNTS.trades; i++) addTrade(into, tradeRow(ctx, i));
  return into.dataset(`demo generator, seed ${seed}`);
}

/** The large seed's rows (prisma/seed/large.ts) at `scale` under `seed`, batch by batch as it loads them. */
export function generateLarge(seed: number, scale: LargeScale): Dataset {
  const { ctx } = generateBase(seed, scale);
  const into = new Collector();
  const at = <C extends readonly string[]>(columns: C) => (name: C[number]) => columns.indexOf(name);
  const ic = at(INDICATION_COLUMNS);
  const tc = at(TRADE_COLUMNS);
  const batch = 20_000;
  for (let start = 0; start < scale.indications; start += batch) {
    const flat = generateFlat(ctx, { table: "indications", start, end: Math.min(scale.indications, start + batch) });
    const n = INDICATION_COLUMNS.length;
    for (let o = 0; o < flat.length; o += n) {
      const v = (name: (typeof INDICATION_COLUMNS)[number]) => flat[o + ic(name)] as never;
      addIndication(into, {
        issuerId: v("issuer_id"), side: v("side"), pricePerShare: v("price_per_share"), volume: v("volume"), structure: v("structure"),
        acceptableStructures: v("acceptable_structures"), stockClassType: v("stock_class_type"), visibility: v("visibility"),
        stage: v("stage"), lastRefreshedAt: v("last_refreshed_at"), updatedAt: v("updated_at"),
      });
    }
  }
  for (let start = 0; start < scale.trades; start += batch) {
    const flat = generateFlat(ctx, { table: "trades", start, end: Math.min(scale.trades, start + batch) });
    const n = TRADE_COLUMNS.length;
    for (let o = 0; o < flat.length; o += n) {
      const v = (name: (typeof TRADE_COLUMNS)[number]) => flat[o + tc(name)] as never;
      addTrade(into, {
        issuerId: v("issuer_id"), signDate: v("sign_date"), pricePerShare: v("price_per_share"), volume: v("volume"),
        structure: v("structure"), stockClassType: v("stock_class_type"), isVerified: v("is_verified"),
      });
    }
  }
  return into.dataset(`large generator, seed ${seed}, ${scale.companies} companies, ${scale.indications} indications, ${scale.trades} trades`);
}

/** A database's trades and indications (read-only, through Prisma, in pages by id). */
export async function loadDatabase(url: string): Promise<Dataset> {
  const db = createDb(url);
  const into = new Collector();
  const page = 50_000;
  try {
    for (let after: string | undefined; ; ) {
      const rows = await db.indication.findMany({
        select: { id: true, issuerId: true, side: true, pricePerShare: true, volume: true, structure: true, acceptableStructures: true, stockClassType: true, visibility: true, stage: true, lastRefreshedAt: true, updatedAt: true },
        orderBy: { id: "asc" }, take: page, ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      });
      rows.forEach((r) => addIndication(into, { ...r, lastRefreshedAt: r.lastRefreshedAt.getTime(), updatedAt: r.updatedAt.getTime() }));
      if (rows.length < page) break;
      after = rows[rows.length - 1].id;
    }
    for (let after: string | undefined; ; ) {
      const rows = await db.trade.findMany({
        select: { id: true, issuerId: true, signDate: true, pricePerShare: true, volume: true, structure: true, stockClassType: true, isVerified: true },
        orderBy: { id: "asc" }, take: page, ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      });
      rows.forEach((r) => addTrade(into, r));
      if (rows.length < page) break;
      after = rows[rows.length - 1].id;
    }
  } finally {
    await db.$disconnect();
  }
  return into.dataset(`database ${url.replace(/:[^:@/]*@/, ":***@")}`);
}
