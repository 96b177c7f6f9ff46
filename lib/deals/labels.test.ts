import { describe, expect, it } from "vitest";
import { dealPartyTrade } from "./labels";

describe("a party's trade of a deal's close", () => {
  it("is the order's side for its owner and the other for the requester", () => {
    expect(dealPartyTrade("owner", "offer")).toBe("sold");
    expect(dealPartyTrade("owner", "bid")).toBe("bought");
    expect(dealPartyTrade("requester", "offer")).toBe("bought");
    expect(dealPartyTrade("requester", "bid")).toBe("sold");
  });
});
