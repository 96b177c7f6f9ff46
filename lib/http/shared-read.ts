/**
 * The reads of kept answers under way (lib/http/list-response.ts), by what they read and the change
 * counters their requests found: the requests that come while the first one reads a changed page
 * share its read, where each would read it again (docs/performance-decisions.md, "Answered pages
 * and ETags"). Each request found those counters before the read began, so the answer is at least
 * as new as what it asked. A failed read fails its sharers; the next request reads again.
 */
const reading = new Map<string, Promise<unknown>>();

export function sharedRead<T>(id: string, read: () => Promise<T>): Promise<T> {
  let flight = reading.get(id) as Promise<T> | undefined;
  if (!flight) {
    flight = read().finally(() => reading.delete(id));
    reading.set(id, flight);
  }
  return flight;
}
