/** Days as integers (days since 1970-01-01, UTC): the marks' estimator walks them; a day in milliseconds for everyone. */

export const DAY_MS = 86_400_000;

// A rebuild turns ~20 M days into dates and back (docs/performance.md, "Marks rebuild"): each
// distinct day is converted once. A few thousand days in all; emptied past a bound all the same.
const BOUND = 100_000;
const numbers = new Map<string, number>();
const dates = new Map<number, string>();

/** "2026-11-01" -> its day number. */
export function dayNumber(date: string): number {
  let day = numbers.get(date);
  if (day === undefined) {
    if (numbers.size >= BOUND) numbers.clear();
    numbers.set(date, (day = Math.floor(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS)));
  }
  return day;
}

/** A day number -> "2026-11-01". */
export function dayDate(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    if (dates.size >= BOUND) dates.clear();
    dates.set(day, (date = new Date(day * DAY_MS).toISOString().slice(0, 10)));
  }
  return date;
}
