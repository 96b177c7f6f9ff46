import { CURRENT_STRUCTURES, LEGACY_STRUCTURE, type Side, type Stage, type Structure, type Visibility } from "../../lib/domain/enums";
import { permalinkId, rowSource } from "./prng";
import { DAY, HISTORY_MS, HOUR, type IndicationRow, type RowContext, type TradeRow } from "./generators";
import {
  carriedInterestFee,
  clientId,
  currentStructure,
  managementFee,
  personName,
  pickCompany,
  pickOwner,
  price,
  referencePrice,
  stockClass,
  stored,
  thirdPartyId,
  volume,
  volumeNumber,
  ymd,
} from "./record-values";
import { DETAIL_PHRASES, RECIPIENT_DOMAINS, TRADE_DETAIL_PHRASES } from "./vocab";

/** The demo indications and trades, one row each from (seed, index, context). */

/** Permalinks of trades are numbered after those of indications, so the two never collide. */
const TRADE_PERMALINK_OFFSET = 10_000_000_000_000;

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
    // Generated trades are recorded by hand: none comes of a deal.
    dealId: null,
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
