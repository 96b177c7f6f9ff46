/**
 * Reads under way that later callers may join instead of reading again: a kept page whose change
 * counters moved (lib/http/list-response.ts, docs/performance-decisions.md "Answered pages and
 * ETags") and the live streams at one position (lib/live/stream.ts). The caller puts in `id` what
 * is read and the changes seen when it asked, so it joins only a read begun after those changes
 * (counters only rise, committed with their writes): its answer is at least as new as what it saw.
 * A read older than a second is not joined, so one stuck read holds no later request; a failed read
 * fails its sharers and the next caller reads again.
 */
const JOIN_WITHIN_MS = 1_000;

const reading = new Map<string, { at: number; promise: Promise<unknown> }>();

export function sharedRead<T>(id: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const flight = reading.get(id);
  if (flight && now - flight.at < JOIN_WITHIN_MS) return flight.promise as Promise<T>;
  const promise = read().finally(() => {
    if (reading.get(id)?.promise === promise) reading.delete(id);
  });
  reading.set(id, { at: now, promise });
  return promise;
}
