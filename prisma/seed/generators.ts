/**
 * Pure row generators for the demo data. Each function turns (seed, row index, context) into one
 * plain row object, with no I/O and no dependence on other rows (see prng.ts), so the same code can
 * drive the small demo seed and, later, a chunked large-scale seed.
 */
import { toStoredDecimal } from "../../lib/domain/decimal";
import {
  CURRENT_STRUCTURES,
  LEGACY_STRUCTURE,
  STOCK_CLASS_TYPES,
  type Side,
  type Stage,
  type Structure,
  type Visibility,
} from "../../lib/domain/enums";
import type { Rng } from "../../lib/random";
import { namedUuid, permalinkId, rowSource } from "./prng";
import type { TeamSpec, UserSpec } from "./accounts";
import {
  DETAIL_PHRASES,
  FIRST_NAMES,
  HEADQUARTERS,
  INVESTORS,
  LAST_NAMES,
  NAME_ENDINGS,
  NAME_STARTS,
  RECIPIENT_DOMAINS,
  SECTORS,
  STOCK_CLASSES,
  TRADE_DETAIL_PHRASES,
  type Headquarters,
  type Sector,
} from "./vocab";
import { companySearchText } from "../../lib/companies/search";
import type { CompanyRecord, IndicationRecord, TradeRecord } from "../../lib/db/models";

export const SEED = 20261101;
/** "Now" of the demo data: every timestamp lies in the two years before it. */
export const BASE_TIME = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
const HISTORY_MS = 730 * 86_400_000;

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Permalinks of trades are numbered after those of indications, so the two never collide. */
const TRADE_PERMALINK_OFFSET = 10_000_000_000_000;

// ---------------------------------------------------------------------------------------------
// Row shapes (the Prisma models' fields; decimals as stored text, lists as JSON text).

export interface TeamRow {
  id: string;
  name: string;
  createdAt: Date;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  role: string;
  permissions: string;
  teamId: string;
  createdAt: Date;
}

export type CompanyRow = CompanyRecord;

export type IndicationRow = IndicationRecord;

export type TradeRow = TradeRecord;

/** What indications and trades are generated against. */
export interface RowContext {
  seed: number;
  baseTime: number;
  /** Companies in a fixed order; earlier ones get more activity (a few "hot" names). */
  companies: readonly { id: string; slug: string }[];
  /** Users who own indications and trades, with their team and relative share of rows. */
  owners: readonly { userId: string; teamId: string; weight: number }[];
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

/** Lower-case ASCII for e-mail local parts and slugs: "Chloé O'Connor" -> "chloe-oconnor". */
function asciiSlug(value: string, separator = "-"): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "");
}

function ymd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function stored(value: number, decimals: number): string {
  return toStoredDecimal(value.toFixed(decimals));
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A saturated brand colour dark enough for the white monogram (WCAG contrast >= 4.5 with white). */
function logoColor(rng: Rng): string {
  const hue = rng.between(0, 360);
  const saturation = rng.between(0.55, 0.75);
  let lightness = rng.between(0.32, 0.44);
  let hex = hslToHex(hue, saturation, lightness);
  while (1.05 / (relativeLuminance(hex) + 0.05) < 4.5 && lightness > 0.1) {
    lightness -= 0.02;
    hex = hslToHex(hue, saturation, lightness);
  }
  return hex;
}

function personName(rng: Rng): { name: string; email: string } {
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
function price(rng: Rng, reference: number, from: number, to: number): string {
  const chosen = rng.weighted([[2, 60], [4, 28], [0, 8], [8, 4]] as const);
  const value = reference * (1 + rng.between(from, to));
  const decimals = chosen === 0 && value < 20 ? 2 : chosen;
  const scale = 10 ** decimals;
  const round = to <= 0 ? Math.floor : from >= 0 ? Math.ceil : Math.round;
  return stored(Math.max(1 / scale, round(value * scale) / scale), decimals);
}

function volumeNumber(rng: Rng): number {
  return Math.min(50_000_000, Math.max(10_000, Math.round(rng.logUniform(10_000, 50_000_000) / 1000) * 1000));
}

function volume(rng: Rng, base: number): string {
  // Mostly round thousands; some with cents, as when a volume is shares x price.
  return rng.chance(0.1) ? stored(Math.max(10_000, base - rng.between(0, 999.99)), 2) : stored(base, 0);
}

function managementFee(rng: Rng): string {
  return rng.chance(0.7) ? stored(rng.pick([0, 0.5, 1, 1.5, 2]), 1) : stored(rng.between(0, 2), 2);
}

function carriedInterestFee(rng: Rng): string {
  return rng.chance(0.7) ? stored(rng.pick([0, 5, 10, 15, 20, 25]), 0) : stored(rng.between(0, 25), 2);
}

function clientId(rng: Rng): string | null {
  if (rng.chance(0.4)) return null;
  return rng.chance(0.5) ? `CL-${rng.int(10000, 99999)}` : `acct_${rng.int(0, 0xffffff).toString(16).padStart(6, "0")}`;
}

function thirdPartyId(rng: Rng): string | null {
  if (rng.chance(0.5)) return null;
  return rng.chance(0.5)
    ? `crm-${rng.int(0, 36 ** 6 - 1).toString(36).padStart(6, "0")}`
    : `SF-${String(rng.int(0, 99_999_999)).padStart(8, "0")}`;
}

function stockClass(rng: Rng): { stockClass: string | null; stockClassType: string } {
  if (rng.chance(0.3)) return { stockClass: null, stockClassType: rng.pick(STOCK_CLASS_TYPES) };
  const [name, type] = rng.pick(STOCK_CLASSES);
  return { stockClass: name, stockClassType: type };
}

function currentStructure(rng: Rng): Structure {
  return rng.weighted([["direct", 40], ["spv_1_layer", 25], ["spv_2_layer", 15], ["forward_contract", 20]] as const);
}

function pickCompany(rng: Rng, ctx: RowContext) {
  // Skewed towards the first companies: a few names trade far more than the long tail.
  return ctx.companies[Math.floor(ctx.companies.length * rng.float() ** 1.6)];
}

function pickOwner(rng: Rng, ctx: RowContext) {
  return rng.weighted(ctx.owners.map((o) => [o, o.weight] as const));
}

// ---------------------------------------------------------------------------------------------
// Teams and users (fixed rosters, deterministic ids).

export function teamId(seed: number, team: TeamSpec): string {
  return namedUuid(seed, "team", team.key);
}

export function userId(seed: number, user: UserSpec): string {
  return namedUuid(seed, "user", user.email);
}

export function teamRows(seed: number, baseTime: number, teams: readonly TeamSpec[]): TeamRow[] {
  return teams.map((team, i) => ({
    id: teamId(seed, team),
    name: team.name,
    createdAt: new Date(baseTime - HISTORY_MS - 90 * DAY + i * 7 * DAY),
  }));
}

export function userRows(
  seed: number,
  baseTime: number,
  teams: readonly TeamSpec[],
  users: readonly UserSpec[],
  passwordHash: string,
): UserRow[] {
  return users.map((user, i) => {
    const team = teams.find((t) => t.key === user.team);
    if (!team) throw new Error(`user ${user.email}: unknown team ${user.team}`);
    return {
      id: userId(seed, user),
      email: user.email,
      name: user.name,
      passwordHash,
      role: user.role,
      permissions: JSON.stringify(user.permissions),
      teamId: teamId(seed, team),
      createdAt: new Date(baseTime - HISTORY_MS - 60 * DAY + i * DAY),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Companies: one generator for the demo seed and the large seed (prisma/seed/large.ts).
//
// The two data sets differ only where their sizes and their consumers require it, as a style:
// - "demo" (up to 1,344 companies): names from the NAME_STARTS x NAME_ENDINGS stems, a fifth of
//   them without a sector word; the dashboard, the browser tests and the README show these rows.
// - "large" (up to 1,344 x SECTORS = 29,568 companies): every name carries its sector word, so
//   there are enough distinct names; its description, URLs and logo colour keep the form the
//   benchmark's data set was measured with (docs/performance.md, "The large data set"), so the
//   data set is unchanged.
// Id, headquarters, legal name, search text, lead investors and the row shape are common.

export type CompanyStyle = "demo" | "large";

const ROOT_COUNT = NAME_STARTS.length * NAME_ENDINGS.length;
// Coprime with ROOT_COUNT (1,344 = 2^6 * 3 * 7), so `index -> root` is a bijection: names are
// unique without looking at other rows.
const ROOT_STEP = 229;

const LARGE_NAME_SPACE = ROOT_COUNT * SECTORS.length;
// Coprime with LARGE_NAME_SPACE (a prime that does not divide it): `index -> name` is a bijection,
// so every company gets a distinct name, and consecutive companies do not look alike.
const LARGE_NAME_STEP = 7_919;

/** How many companies (distinct names) a style can generate. */
export const COMPANY_CAPACITY: Record<CompanyStyle, number> = { demo: ROOT_COUNT, large: LARGE_NAME_SPACE };

/** The slug of a company's website and marketplace profile: "Northwind Robotics" -> "northwind-robotics". */
export function companySlug(name: string): string {
  return asciiSlug(name);
}

/** Company `index` of the data set generated from `seed`. */
export function companyRow(seed: number, index: number, style: CompanyStyle = "demo"): CompanyRow {
  const capacity = COMPANY_CAPACITY[style];
  if (!Number.isInteger(index) || index < 0 || index >= capacity) throw new RangeError(`at most ${capacity} companies`);
  const { id, rng } = rowSource(seed, "company", index);
  const { stem, name, sector } = style === "demo" ? demoCompanyName(rng, index) : largeCompanyName(index);
  const hq = rng.weighted(HEADQUARTERS.map((h) => [h, h.weight] as const));
  const legalName = `${name}${rng.pick(hq.legalSuffixes)}`;
  const text =
    style === "demo" ? demoCompanyText(rng, name, sector, hq) : largeCompanyText(rng, id, { stem, name, sector }, hq);
  return {
    id,
    name,
    legalName,
    searchText: companySearchText(name, legalName),
    country: hq.country,
    region: hq.region,
    url: text.url,
    platformUrl: text.platformUrl,
    description: text.description,
    logoColor: text.logoColor,
    leadInvestors: JSON.stringify(text.investors),
  };
}

interface CompanyName {
  /** The name without its sector word. */
  stem: string;
  name: string;
  sector: Sector;
}

interface CompanyText {
  url: string;
  platformUrl: string;
  description: string;
  logoColor: string;
  investors: string[];
}

// The helpers below draw from the row's PRNG in the order each style always has: changing the
// order (or the number) of draws changes every later field of the data set.

function demoCompanyName(rng: Rng, index: number): CompanyName {
  const root = (index * ROOT_STEP + 17) % ROOT_COUNT;
  const stem = NAME_STARTS[Math.floor(root / NAME_ENDINGS.length)] + NAME_ENDINGS[root % NAME_ENDINGS.length];
  const sector = rng.pick(SECTORS);
  return { stem, name: rng.chance(0.2) ? stem : `${stem} ${sector.word}`, sector };
}

function largeCompanyName(index: number): CompanyName {
  const n = (index * LARGE_NAME_STEP + 11) % LARGE_NAME_SPACE;
  const stem = NAME_STARTS[n % NAME_STARTS.length] + NAME_ENDINGS[Math.floor(n / NAME_STARTS.length) % NAME_ENDINGS.length];
  const sector = SECTORS[Math.floor(n / ROOT_COUNT)];
  return { stem, name: `${stem} ${sector.word}`, sector };
}

function demoCompanyText(rng: Rng, name: string, sector: Sector, hq: Headquarters): CompanyText {
  const slug = companySlug(name);
  const investors = rng.sample(INVESTORS, rng.int(1, 4));
  const founded = rng.int(2008, 2023);
  const tail = rng.pick([
    `employs about ${rng.int(2, 60) * 10} people`,
    `serves customers in ${rng.int(3, 40)} countries`,
    `counts ${investors[0]} among its lead investors`,
    `has raised ${rng.pick(["a Series A", "a Series B", "a Series C", "a Series D", "growth"])} round`,
  ]);
  const description =
    `${name} ${rng.pick(["builds", "develops", "makes", "offers", "runs"])} ${rng.pick(sector.products)}; ` +
    `its customers include ${rng.pick(sector.customers)}. Founded in ${founded} and headquartered in ${hq.city}, ` +
    `it ${tail}.`;
  return {
    url: `https://${slug}.example`,
    platformUrl: `https://marketplace.example/companies/${slug}`,
    description,
    logoColor: logoColor(rng),
    investors,
  };
}

function largeCompanyText(rng: Rng, id: string, { stem, name, sector }: CompanyName, hq: Headquarters): CompanyText {
  const founded = rng.int(2009, 2023);
  const investors = rng.sample(INVESTORS, rng.int(1, 4));
  const description = `${name} builds ${rng.pick(sector.products)} for ${rng.pick(sector.customers)}. Founded in ${founded}, headquartered in ${hq.city}.`;
  const host = `${companySlug(stem)}${companySlug(sector.word)}.example`; // www.northwindrobotics.example
  return {
    url: `https://www.${host}`,
    platformUrl: `https://marketplace.example/companies/${companySlug(name)}-${id.slice(0, 8)}`,
    description,
    logoColor: `#${Math.floor(rng.float() * 0xffffff).toString(16).padStart(6, "0")}`,
    investors,
  };
}

// ---------------------------------------------------------------------------------------------
// Indications.

export function indicationRow(ctx: RowContext, index: number): IndicationRow {
  const { id, rng } = rowSource(ctx.seed, "indication", index);
  const owner = pickOwner(rng, ctx);
  const company = pickCompany(rng, ctx);
  const side: Side = rng.chance(0.5) ? "bid" : "offer";
  const stage: Stage = rng.chance(0.65) ? "open" : "closed_lost";
  const legacy = rng.chance(0.04); // deprecated "spv" (spec 9.1)

  // structure: offers only; acceptable_structures: bids only (spec 2.4).
  let structure: Structure | null = null;
  let acceptable: Structure[] = [];
  if (side === "offer") {
    structure = legacy ? LEGACY_STRUCTURE : currentStructure(rng);
  } else {
    const chosen = new Set<Structure>(rng.sample(CURRENT_STRUCTURES, rng.int(1, 4)));
    if (legacy) chosen.add(LEGACY_STRUCTURE);
    acceptable = [...CURRENT_STRUCTURES, LEGACY_STRUCTURE].filter((s) => chosen.has(s));
  }
  const spvLike = side === "bid" ? acceptable.some((s) => s !== "direct") : structure !== "direct";

  const visibility: Visibility = rng.weighted([["order_book_public", 45], ["order_book_anonymous", 35], ["private", 20]] as const);
  const recipients = new Set<string>();
  if (visibility === "private") {
    const count = rng.int(1, 3);
    while (recipients.size < count) recipients.add(`${personName(rng).email}@${rng.pick(RECIPIENT_DOMAINS)}`);
  }

  const baseVolume = volumeNumber(rng);
  const minimumVolume = rng.chance(0.4)
    ? null
    : stored(Math.min(baseVolume, Math.max(1_000, Math.round((baseVolume * rng.between(0.05, 0.5)) / 1000) * 1000)), 0);
  const hasFees = rng.chance(spvLike ? 0.75 : 0.25);
  const cls = stockClass(rng);

  // created_at <= opened_at <= last_refreshed_at <= updated_at <= base time.
  const createdAt = Math.floor(ctx.baseTime - rng.between(HOUR, HISTORY_MS));
  const openedAt = rng.chance(0.6) ? createdAt : Math.floor(createdAt + rng.between(0, Math.min(3 * DAY, ctx.baseTime - createdAt)));
  const refreshedAt = rng.chance(0.3) ? openedAt : Math.floor(openedAt + rng.between(0, Math.min(120 * DAY, ctx.baseTime - openedAt)));
  const updatedAt = rng.chance(0.4) ? refreshedAt : Math.floor(refreshedAt + rng.between(0, Math.min(30 * DAY, ctx.baseTime - refreshedAt)));

  return {
    id,
    teamId: owner.teamId,
    userId: owner.userId,
    issuerId: company.id,
    acceptableStructures: JSON.stringify(acceptable),
    carriedInterestFeePercent: hasFees && rng.chance(0.85) ? carriedInterestFee(rng) : null,
    clientId: clientId(rng),
    createdAt: new Date(createdAt),
    details: rng.chance(0.35) ? null : rng.sample(DETAIL_PHRASES, rng.int(1, 2)).join(" "),
    lastRefreshedAt: new Date(refreshedAt),
    managementFeePercent: hasFees ? managementFee(rng) : null,
    minimumVolume,
    openedAt: new Date(openedAt),
    permalinkId: permalinkId(0, index),
    // An open quote is at today's market, a bid below and an offer above it (so no book is
    // crossed); a closed one was at the market of its last change.
    pricePerShare: price(rng, referencePrice(company.id, stage === "open" ? ctx.baseTime : updatedAt), side === "bid" ? -0.12 : 0.005, side === "bid" ? -0.005 : 0.12),
    privateRecipients: JSON.stringify([...recipients]),
    side,
    stage,
    stockClass: cls.stockClass,
    stockClassType: cls.stockClassType,
    stockType: rng.chance(0.8) ? "secondary" : "primary",
    structure,
    thirdPartyId: thirdPartyId(rng),
    updatedAt: new Date(updatedAt),
    visibility,
    volume: volume(rng, baseVolume),
  };
}

// ---------------------------------------------------------------------------------------------
// Trades.

export function tradeRow(ctx: RowContext, index: number): TradeRow {
  const { id, rng } = rowSource(ctx.seed, "trade", index);
  const owner = pickOwner(rng, ctx);
  const company = pickCompany(rng, ctx);
  const structure: Structure = rng.chance(0.04) ? LEGACY_STRUCTURE : currentStructure(rng);
  const isVerified = rng.chance(0.6);
  const hasFees = rng.chance(structure === "direct" ? 0.25 : 0.75);
  const cls = stockClass(rng);
  const officer = personName(rng);

  // sign_date <= won_date <= base date; sign time <= created_at <= updated_at <= base time.
  const signAt = Math.floor(ctx.baseTime - rng.between(DAY, HISTORY_MS));
  const wonAt = Math.floor(signAt + rng.between(0, Math.min(45 * DAY, ctx.baseTime - signAt)));
  const createdAt = Math.floor(signAt + rng.between(0, Math.min(60 * DAY, ctx.baseTime - signAt)));
  const settled = !isVerified && rng.chance(0.5);
  const updatedAt = settled ? createdAt : Math.floor(createdAt + rng.between(0, Math.min(30 * DAY, ctx.baseTime - createdAt)));

  return {
    id,
    teamId: owner.teamId,
    userId: owner.userId,
    issuerId: company.id,
    attributedToOwner: rng.chance(0.5),
    carriedInterestFeePercent: hasFees && rng.chance(0.85) ? carriedInterestFee(rng) : null,
    clientId: clientId(rng),
    createdAt: new Date(createdAt),
    details: rng.chance(0.5) ? null : rng.pick(TRADE_DETAIL_PHRASES),
    isVerified,
    managementFeePercent: hasFees ? managementFee(rng) : null,
    permalinkId: permalinkId(TRADE_PERMALINK_OFFSET, index),
    pricePerShare: price(rng, referencePrice(company.id, signAt), -0.04, 0.04),
    signDate: ymd(signAt),
    stockClass: cls.stockClass,
    stockClassType: cls.stockClassType,
    stockType: rng.chance(0.85) ? "secondary" : "primary",
    structure,
    thirdPartyId: thirdPartyId(rng),
    updatedAt: new Date(updatedAt),
    // The issuer's contact who confirms the transfer.
    verificationOfficerEmail: `${officer.email}@${company.slug}.example`,
    verificationOfficerName: officer.name,
    volume: volume(rng, volumeNumber(rng)),
    wonDate: ymd(wonAt),
  };
}
