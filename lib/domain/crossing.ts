import { decimalToUnits } from "./decimal";

/**
 * Whether two open orders cross (issue 45, docs/api/deals.md "Matches"): a bid and an offer of one
 * company where the bid's price is at or above the offer's, the offer's structure is among the
 * bid's acceptable structures (when it lists any), and each volume is at least the other's
 * minimum. Pure: the matches list and the possible-match notifications both ask it.
 */
export interface CrossingOrder {
  side: string;
  price_per_share: string;
  volume: string;
  minimum_volume: string | null;
  /** An offer's. */
  structure?: string | null;
  /** A bid's. */
  acceptable_structures?: readonly string[];
}

const atLeast = (value: string, floor: string | null) => floor === null || decimalToUnits(value) >= decimalToUnits(floor);

export function crosses(a: CrossingOrder, b: CrossingOrder): boolean {
  if (a.side === b.side) return false;
  const [bid, offer] = a.side === "bid" ? [a, b] : [b, a];
  if (decimalToUnits(bid.price_per_share) < decimalToUnits(offer.price_per_share)) return false;
  const acceptable = bid.acceptable_structures ?? [];
  if (acceptable.length > 0 && !acceptable.includes(offer.structure ?? "")) return false;
  return atLeast(bid.volume, offer.minimum_volume) && atLeast(offer.volume, bid.minimum_volume);
}
