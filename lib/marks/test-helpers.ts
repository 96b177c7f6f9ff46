import type { QuoteObservation, TradeObservation } from "./types";
import { dayDate, dayNumber, DAY_MS } from "../domain/days";

/** Small builders for the marks' tests. */

export const START = dayNumber("2026-01-01");

export function trade(day: number, price: number, over: Partial<TradeObservation> = {}): TradeObservation {
  return { date: dayDate(day), price, volume: 1_000_000, structure: "direct", stockClassType: "preferred", verified: true, ...over };
}

export function quote(side: "bid" | "offer", price: number, refreshedDay: number, over: Partial<QuoteObservation> = {}): QuoteObservation {
  return { side, price, volume: 1_000_000, structures: ["direct"], stockClassType: "preferred", visibility: "order_book_public", refreshedAt: refreshedDay * DAY_MS, ...over };
}
