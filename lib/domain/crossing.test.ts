import { describe, expect, it } from "vitest";
import { crosses, type CrossingOrder } from "./crossing";

const bid: CrossingOrder = { side: "bid", price_per_share: "20", volume: "1000", minimum_volume: "100", acceptable_structures: ["direct", "spv_1_layer"] };
const offer: CrossingOrder = { side: "offer", price_per_share: "19.5", volume: "500", minimum_volume: "200", structure: "direct" };

describe("crosses", () => {
  it("a bid at or above an offer's price, in a structure it accepts, each volume at least the other's minimum", () => {
    expect(crosses(bid, offer)).toBe(true);
    expect(crosses(offer, bid)).toBe(true);
    expect(crosses(bid, { ...offer, price_per_share: "20" })).toBe(true);
  });

  it.each([
    ["the offer above the bid", { ...offer, price_per_share: "20.00000001" }, bid],
    ["a structure the bid does not accept", { ...offer, structure: "forward_contract" }, bid],
    ["the bid's volume under the offer's minimum", { ...offer, minimum_volume: "1000.5" }, bid],
    ["the offer's volume under the bid's minimum", { ...offer, volume: "99" }, bid],
    ["two offers", offer, { ...offer, price_per_share: "1" }],
  ])("not with %s", (_, a, b) => {
    expect(crosses(a, b)).toBe(false);
  });

  it("a bid that lists no structure accepts any; no minimum is no floor", () => {
    expect(crosses({ ...bid, acceptable_structures: [], minimum_volume: null }, { ...offer, structure: "spv_2_layer", minimum_volume: null, volume: "1" })).toBe(true);
  });
});
