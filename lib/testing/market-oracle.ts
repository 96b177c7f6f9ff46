import type { Viewer } from "../domain/book-visibility";
import { TEAMS, USERS, type TeamKey, type UserKey } from "./fixtures/accounts";
import { canonicalDecimal, units } from "./fixtures/decimals";
import type { FixtureIndication } from "./fixtures/indications";
import type { FixtureTrade } from "./fixtures/trades";

/**
 * The market view (issue 14) computed independently from the rows, in plain JavaScript: what the
 * order book and the tape must show a viewer. Written from the spec's rules, not from lib/market.
 */

/** What a book row and a tape row both have: whose, of which company, and the record's stock. */
interface RecordRow {
  id: string;
  teamId: string;
  teamName: string;
  issuerId: string;
  pricePerShare: string;
  volume: string;
  stockType: string;
  stockClassType: string;
}

export interface BookRow extends RecordRow {
  permalinkId: string;
  side: "bid" | "offer";
  stage: string;
  visibility: string;
  privateRecipients: string[];
  minimumVolume: string | null;
  structure: string | null;
  acceptableStructures: string[];
  updatedAt: Date;
  lastRefreshedAt: Date;
}

export interface TapeRow extends RecordRow {
  attributedToOwner: boolean;
  isVerified: boolean;
  structure: string;
  signDate: string;
}


const team = (key: TeamKey) => ({ teamId: TEAMS[key].id, teamName: TEAMS[key].name });

export function bookRowOf(r: FixtureIndication): BookRow {
  return { ...r, ...team(r.team) };
}

export function tapeRowOf(r: FixtureTrade): TapeRow {
  return { ...r, ...team(r.team) };
}

export function viewerOfUser(user: UserKey): Viewer {
  return { teamId: TEAMS[USERS[user].team].id, email: USERS[user].email };
}

function mayKnow(r: BookRow, viewer: Viewer): boolean {
  if (r.teamId === viewer.teamId) return true;
  if (r.visibility !== "private") return true;
  return r.privateRecipients.some((e) => e.toLowerCase() === viewer.email.toLowerCase());
}

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

export function expectedBook(rows: readonly BookRow[], viewer: Viewer, companyId: string, depth: number) {
  const visible = rows.filter((r) => r.issuerId === companyId && r.stage === "open" && mayKnow(r, viewer));
  const side = (s: "bid" | "offer") => {
    const sideRows = visible.filter((r) => r.side === s);
    sideRows.sort(
      (a, b) =>
        (s === "bid" ? -1 : 1) * compare(units(a.pricePerShare), units(b.pricePerShare)) ||
        a.updatedAt.getTime() - b.updatedAt.getTime() ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    return sideRows;
  };
  const entry = (r: BookRow) => {
    const own = r.teamId === viewer.teamId;
    return {
      price_per_share: canonicalDecimal(r.pricePerShare),
      volume: canonicalDecimal(r.volume),
      minimum_volume: r.minimumVolume === null ? null : canonicalDecimal(r.minimumVolume),
      ...(r.side === "bid" ? { acceptable_structures: r.acceptableStructures } : { structure: r.structure }),
      stock_type: r.stockType,
      stock_class_type: r.stockClassType,
      visibility: r.visibility,
      team: own || r.visibility !== "order_book_anonymous" ? { id: r.teamId, name: r.teamName } : null,
      own,
      indication_id: own ? r.id : null,
      permalink_id: r.permalinkId,
      updated_at: r.updatedAt.toISOString(),
      last_refreshed_at: r.lastRefreshedAt.toISOString(),
    };
  };
  const bids = side("bid");
  const offers = side("offer");
  const bestBid = bids.length ? units(bids[0].pricePerShare) : null;
  const bestOffer = offers.length ? units(offers[0].pricePerShare) : null;
  return {
    bids: bids.slice(0, depth).map(entry),
    offers: offers.slice(0, depth).map(entry),
    bid_count: bids.length,
    offer_count: offers.length,
    best_bid: bestBid === null ? null : fromUnits(bestBid),
    best_offer: bestOffer === null ? null : fromUnits(bestOffer),
    spread: bestBid === null || bestOffer === null ? null : fromUnits(bestOffer - bestBid),
  };
}

const SCALE = BigInt(100_000_000);

function fromUnits(u: bigint): string {
  const sign = u < BigInt(0) ? "-" : "";
  const abs = u < BigInt(0) ? -u : u;
  return sign + canonicalDecimal(`${abs / SCALE}.${(abs % SCALE).toString().padStart(8, "0")}`);
}

/** The tape's items, newest sign_date first (or oldest: `sort=sign_date`), ties by id ascending. */
export function expectedTape(rows: readonly TapeRow[], viewer: Viewer, companyId: string, sort: "-sign_date" | "sign_date" = "-sign_date") {
  const later = sort === "sign_date" ? 1 : -1;
  return rows
    .filter((r) => r.issuerId === companyId && r.isVerified)
    .sort((a, b) => (a.signDate < b.signDate ? -later : a.signDate > b.signDate ? later : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => {
      const own = r.teamId === viewer.teamId;
      return {
        price_per_share: canonicalDecimal(r.pricePerShare),
        volume: canonicalDecimal(r.volume),
        structure: r.structure,
        stock_type: r.stockType,
        stock_class_type: r.stockClassType,
        sign_date: r.signDate,
        team: own || r.attributedToOwner ? { id: r.teamId, name: r.teamName } : null,
        own,
        trade_id: own ? r.id : null,
      };
    });
}

/** Σ volume / Σ (volume / price) as an exact fraction, rounded half up to 8 decimals. */
function expectedVwap(rows: readonly { pricePerShare: string; volume: string }[]): string | null {
  if (rows.length === 0) return null;
  let num = BigInt(0);
  let den = BigInt(1);
  let volume = BigInt(0);
  for (const r of rows) {
    volume += units(r.volume);
    num = num * units(r.pricePerShare) + units(r.volume) * den;
    den = den * units(r.pricePerShare);
  }
  return fromUnits((BigInt(2) * volume * den + num) / (BigInt(2) * num));
}

/** The tape's summary over the company's verified trades, windows ending `today`. */
export function expectedSummary(rows: readonly TapeRow[], companyId: string, today: string) {
  const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
  const verified = rows.filter((r) => r.issuerId === companyId && r.isVerified);
  const last = [...verified].sort((a, b) => (a.signDate < b.signDate ? 1 : a.signDate > b.signDate ? -1 : a.id < b.id ? -1 : 1))[0];
  const within = (days: number) => verified.filter((r) => r.signDate >= day(days - 1) && r.signDate <= today);
  const long = within(90);
  return {
    last_price: last ? canonicalDecimal(last.pricePerShare) : null,
    last_sign_date: last ? last.signDate : null,
    vwap_30d: expectedVwap(within(30)),
    vwap_90d: expectedVwap(long),
    volume_90d: fromUnits(long.reduce((s, r) => s + units(r.volume), BigInt(0))),
    trade_count_90d: long.length,
  };
}
