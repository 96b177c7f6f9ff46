import { v7 } from "uuid";

/**
 * The id of a row we create: a UUID whose first 48 bits are the time (RFC 9562 version 7), so
 * that new rows' ids sort after the ones before. An index on a random id takes each insert on a
 * page of its own, which a commit then writes; a time-ordered id lands on the index's last pages
 * (docs/performance-decisions.md, "Time-ordered ids"). After the time, a counter started at random
 * each millisecond (ids of one millisecond stay in order) and 42 random bits.
 */
export function newRowId(): string {
  return v7();
}
