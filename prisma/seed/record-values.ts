import { toStoredDecimal } from "../../lib/domain/decimal";
import { STOCK_CLASS_TYPES, type Structure } from "../../lib/domain/enums";
import type { Rng } from "../../lib/random";
import { asciiSlug, BASE_TIME, DAY, type RowContext } from "./generators";
import { FIRST_NAMES, LAST_NAMES, STOCK_CLASSES } from "./vocab";

/** What the demo indications and trades are made of: prices around each company's market, volumes, fees, ids, owners. */

export function ymd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function stored(value: number, decimals: number): string {
  return toStoredDecimal(value.toFixed(decimals));
}

export function personName(rng: Rng): { name: string; email: string } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  return { name: `${first} ${last}`, email: `${asciiSlug(first, ".")}.${asciiSlug(last, ".")}` };
}

/**
 * A company's reference price at a time, so its book and tape look like one market: a level of
 * its own (0.50 to 500 a share, from its id), a trend over the two years of history (−40 % to
 * +60 % a year) and a quarterly swing of ±8 %. Deterministic: the same company always trades
 * around the same prices.
 */
export function referencePrice(companyId: string, at: number): number {
  const hex = companyId.replace(/-/g, "");
  const unit = (from: number) => parseInt(hex.slice(from, from + 8), 16) / 0x1_0000_0000;
  const level = 0.5 * 1000 ** unit(0);
  const yearlyTrend = -0.4 + unit(8);
  const phase = 2 * Math.PI * unit(16);
  const years = (at - BASE_TIME) / (365 * DAY);
  return level * Math.exp(Math.log1p(yearlyTrend) * years) * (1 + 0.08 * Math.sin((2 * Math.PI * (at - BASE_TIME)) / (91 * DAY) + phase));
}

/**
 * A price around the company's reference: `from`..`to` apart from it (a bid below, an offer
 * above, a trade on either side), written with 2, 4, 0 or 8 decimals as people quote them (whole
 * dollars only from $20), rounded away from the reference so a bid stays below an offer.
 */
export function price(rng: Rng, reference: number, from: number, to: number): string {
  const chosen = rng.weighted([[2, 60], [4, 28], [0, 8], [8, 4]] as const);
  const value = reference * (1 + rng.between(from, to));
  const decimals = chosen === 0 && value < 20 ? 2 : chosen;
  const scale = 10 ** decimals;
  const round = to <= 0 ? Math.floor : from >= 0 ? Math.ceil : Math.round;
  return stored(Math.max(1 / scale, round(value * scale) / scale), decimals);
}

export function volumeNumber(rng: Rng): number {
  return Math.min(50_000_000, Math.max(10_000, Math.round(rng.logUniform(10_000, 50_000_000) / 1000) * 1000));
}

export function volume(rng: Rng, base: number): string {
  // Mostly round thousands; some with cents, as when a volume is shares x price.
  return rng.chance(0.1) ? stored(Math.max(10_000, base - rng.between(0, 999.99)), 2) : stored(base, 0);
}

export function managementFee(rng: Rng): string {
  return rng.chance(0.7) ? stored(rng.pick([0, 0.5, 1, 1.5, 2]), 1) : stored(rng.between(0, 2), 2);
}

export function carriedInterestFee(rng: Rng): string {
  return rng.chance(0.7) ? stored(rng.pick([0, 5, 10, 15, 20, 25]), 0) : stored(rng.between(0, 25), 2);
}

export function clientId(rng: Rng): string | null {
  if (rng.chance(0.4)) return null;
  return rng.chance(0.5) ? `CL-${rng.int(10000, 99999)}` : `acct_${rng.int(0, 0xffffff).toString(16).padStart(6, "0")}`;
}

export function thirdPartyId(rng: Rng): string | null {
  if (rng.chance(0.5)) return null;
  return rng.chance(0.5)
    ? `crm-${rng.int(0, 36 ** 6 - 1).toString(36).padStart(6, "0")}`
    : `SF-${String(rng.int(0, 99_999_999)).padStart(8, "0")}`;
}

export function stockClass(rng: Rng): { stockClass: string | null; stockClassType: string } {
  if (rng.chance(0.3)) return { stockClass: null, stockClassType: rng.pick(STOCK_CLASS_TYPES) };
  const [name, type] = rng.pick(STOCK_CLASSES);
  return { stockClass: name, stockClassType: type };
}

export function currentStructure(rng: Rng): Structure {
  return rng.weighted([["direct", 40], ["spv_1_layer", 25], ["spv_2_layer", 15], ["forward_contract", 20]] as const);
}

export function pickCompany(rng: Rng, ctx: RowContext) {
  // Skewed towards the first companies: a few names trade far more than the long tail.
  return ctx.companies[Math.floor(ctx.companies.length * rng.float() ** 1.6)];
}

export function pickOwner(rng: Rng, ctx: RowContext) {
  return rng.weighted(ctx.owners.map((o) => [o, o.weight] as const));
}
