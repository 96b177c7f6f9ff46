/** Days as integers (days since 1970-01-01, UTC): the estimator walks them. */

export const DAY_MS = 86_400_000;

/** "2026-11-01" -> its day number. */
export function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS);
}

/** A day number -> "2026-11-01". */
export function dayDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
