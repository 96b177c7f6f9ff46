import { describe, expect, it } from "vitest";
import { Rng } from "../random";
import type { Structure } from "../domain/enums";
import { estimateMarketFactors, NO_FACTORS, type CompanyObservations } from "./adjustments";
import { dayDate } from "../domain/days";
import { MarkSeries } from "./estimator";
import { START, quote, trade } from "./test-helpers";

/** True effects, as log-ratios to a direct trade in preferred stock. */
const EFFECTS: Partial<Record<Structure, number>> = { spv_1_layer: 0.04, spv_2_layer: 0.08, forward_contract: -0.06 };
const COMMON = -0.15;
const BID = -0.05;
const STRUCTURES: Structure[] = ["direct", "direct", "spv_1_layer", "spv_2_layer", "forward_contract"];

/** `companies` companies, each with `trades` trades scattered ±3 % about its own price, with the effects above (or none). */
function market(companies: number, trades: number, effects: boolean): CompanyObservations[] {
  const rng = new Rng(companies * 1000 + trades);
  return Array.from({ length: companies }, () => {
    const level = rng.logUniform(1, 100);
    const noise = () => Math.exp(rng.between(-0.03, 0.03));
    return {
      trades: Array.from({ length: trades }, () => {
        const structure = rng.pick(STRUCTURES);
        const stockClassType = rng.chance(0.3) ? ("common" as const) : ("preferred" as const);
        const shift = effects ? (EFFECTS[structure] ?? 0) + (stockClassType === "common" ? COMMON : 0) : 0;
        return trade(START + rng.int(0, 60), level * Math.exp(shift) * noise(), { structure, stockClassType });
      }),
      quotes: Array.from({ length: trades / 4 }, () => quote("bid", level * Math.exp(effects ? BID : 0) * noise(), START + rng.int(0, 60))),
    };
  });
}

describe("market-wide adjustments", () => {
  it("finds structure, class and side effects where the market has them", () => {
    const f = estimateMarketFactors(market(60, 40, true));
    expect(f.structure.direct.value).toBe(0);
    expect(f.structure.spv_1_layer.value).toBeCloseTo(0.04, 1);
    expect(f.structure.spv_2_layer.value).toBeCloseTo(0.08, 1);
    expect(f.structure.forward_contract.value).toBeCloseTo(-0.06, 1);
    expect(f.stockClass.common.value).toBeCloseTo(COMMON, 1);
    expect(f.side.bid.value).toBeCloseTo(BID, 1);
    expect(f.structure.spv_2_layer.n).toBeGreaterThan(100);
  });

  it("finds about none where the market has none", () => {
    const f = estimateMarketFactors(market(60, 40, false));
    for (const group of [f.structure, f.stockClass, f.side]) for (const factor of Object.values(group)) expect(Math.abs(factor.value)).toBeLessThan(0.01);
  });

  it("shrinks a factor resting on little data towards none", () => {
    const f = estimateMarketFactors(market(1, 12, true));
    const thin = f.structure.spv_2_layer;
    expect(thin.n).toBeGreaterThan(0);
    expect(thin.n).toBeLessThan(10);
    expect(Math.abs(thin.value)).toBeLessThan(Math.abs(thin.raw) / 2);
    expect(f.structure.spv.n).toBe(0);
    expect(f.structure.spv.value).toBe(0);
  });

  it("puts a forward contract's price on the footing of direct stock in the mark", () => {
    const f = estimateMarketFactors(market(60, 40, true));
    const forward = [trade(START, 10 * Math.exp(-0.06), { structure: "forward_contract" })];
    expect(Number(new MarkSeries(f).advance(dayDate(START), forward)!.price_per_share)).toBeCloseTo(10, 0);
    expect(Number(new MarkSeries(NO_FACTORS).advance(dayDate(START), forward)!.price_per_share)).toBeCloseTo(9.42, 2);
  });
});
