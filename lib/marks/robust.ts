/** Robust summaries the mark and the market factors share. */

/** The weighted median of `values` (weights > 0): the value where half the weight lies on each side. */
export function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  if (values.length === 0) throw new RangeError("weightedMedian of nothing");
  const order = values.map((_, i) => i).sort((a, b) => values[a] - values[b]);
  let total = 0;
  for (const w of weights) total += w;
  let run = 0;
  for (let k = 0; k < order.length; k++) {
    run += weights[order[k]];
    // Exactly half: the midpoint of the two middle values, as the unweighted median does.
    if (Math.abs(run - total / 2) <= 1e-12 * total && k + 1 < order.length) return (values[order[k]] + values[order[k + 1]]) / 2;
    if (run > total / 2) return values[order[k]];
  }
  return values[order[order.length - 1]];
}

export function median(values: readonly number[]): number {
  return weightedMedian(values, values.map(() => 1));
}

/**
 * How much an observation `z` standard deviations away from the estimate counts: fully within
 * `c`, then (c/z)⁴, so its pull on the estimate (weight × distance) falls fast as it goes further
 * (redescending): one price at 10× moves the mark by little; a real move is followed by the
 * estimator's restart instead (params.restartAfter).
 */
export function robustWeight(z: number, c: number): number {
  const a = Math.abs(z);
  return a <= c ? 1 : (c / a) ** 4;
}
