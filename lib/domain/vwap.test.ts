import { describe, expect, it } from "vitest";
import { mulberry32 } from "../random";
import { decimalToUnits } from "./decimal";
import { RollingVwap, VwapAccumulator, vwapExact, vwapOf } from "./vwap";

function trades(...rows: [price: string, volume: string][]): VwapAccumulator {
  const acc = new VwapAccumulator();
  for (const [price, volume] of rows) acc.add(decimalToUnits(price), decimalToUnits(volume));
  return acc;
}

describe("VWAP = Σ volume / Σ (volume / price), rounded half up to 8 decimals", () => {
  it("matches a hand-computed case (and is not the notional-weighted average)", () => {
    // $1,000 at $10 buys 100 shares, $1,000 at $20 buys 50: $2,000 for 150 shares = $13.333…
    // (Σ price × volume / Σ volume would say 15.)
    expect(trades(["10", "1000"], ["20", "1000"]).vwap()).toBe("13.33333333");
    // $3,000 at $2 (1,500 shares) and $1,000 at $4 (250 shares): 4,000 / 1,750 = 2.285714285714…
    expect(trades(["2", "3000"], ["4", "1000"]).vwap()).toBe("2.28571429");
  });

  it("is the price itself for one trade, or for trades at one price", () => {
    expect(trades(["9876543210.12345678", "0.00000001"]).vwap()).toBe("9876543210.12345678");
    expect(trades(["12.5", "100"], ["12.5", "7"]).vwap()).toBe("12.5");
  });

  it("rounds an exact tie half up (the fast path's interval straddles it, the exact rational decides)", () => {
    // Equal volumes at 1e-8 and 3e-8: 2 / (1/1e-8 + 1/3e-8) = 1.5e-8 exactly.
    expect(trades(["0.00000001", "1"], ["0.00000003", "1"]).vwap()).toBe("0.00000002");
  });

  it("answers null without trades", () => {
    expect(new VwapAccumulator().vwap()).toBeNull();
  });

  it("fast path and exact rational agree on random trades, extreme values included", () => {
    const rand = mulberry32(1414);
    const decimal = () => {
      const int = String(Math.floor(rand() * 10 ** (1 + Math.floor(rand() * 9))));
      const frac = String(Math.floor(rand() * 1e8)).padStart(8, "0");
      const value = `${int}.${frac}`;
      return decimalToUnits(value) === BigInt(0) ? "0.00000001" : value;
    };
    for (let run = 0; run < 300; run++) {
      const acc = new VwapAccumulator();
      const n = 1 + Math.floor(rand() * 40);
      for (let i = 0; i < n; i++) acc.add(decimalToUnits(decimal()), decimalToUnits(decimal()));
      expect(vwapOf(acc.volumes), `run ${run}`).toBe(vwapExact(acc.volumes));
    }
  });

  it("merges accumulators as if the trades were added to one", () => {
    const a = trades(["10", "1000"]);
    a.merge(trades(["20", "1000"]));
    expect(a.count).toBe(2);
    expect(a.vwap()).toBe("13.33333333");
  });

  it("kept over a rolling window (trades entering and leaving), answers as vwapOf over the window's trades, ties included", () => {
    const rng = mulberry32(1414);
    const prices = ["10", "12.5", "0.00000003", "7", "1000.12345678", "3"].map(decimalToUnits);
    const window = new RollingVwap();
    const inWindow: [bigint, bigint][] = [];
    for (let step = 0; step < 400; step++) {
      if (inWindow.length > 0 && rng() < 0.45) {
        const [price, volume] = inWindow.splice(Math.floor(rng() * inWindow.length), 1)[0];
        window.change(price, volume, -1);
      } else {
        const trade: [bigint, bigint] = [prices[Math.floor(rng() * prices.length)], BigInt(1 + Math.floor(rng() * 1e9))];
        inWindow.push(trade);
        window.change(trade[0], trade[1], 1);
      }
      const volumes = new Map<bigint, bigint>();
      for (const [price, volume] of inWindow) volumes.set(price, (volumes.get(price) ?? BigInt(0)) + volume);
      expect(window.vwap()).toBe(vwapOf(volumes));
    }
    expect(window.vwap()).toBe(vwapOf(new Map(inWindow.reduce((m, [p, v]) => m.set(p, (m.get(p) ?? BigInt(0)) + v), new Map<bigint, bigint>()))));
  });
});
