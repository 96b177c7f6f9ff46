import type { SortOrder } from "../api/params";

/**
 * Prisma `where`/`orderBy` fragments shared by the list queries. Decimal bounds arrive already in
 * the stored fixed-width form (lib/api/params.ts), so a text range is a numeric range.
 */

export function oneOf<T extends string>(values: readonly T[] | undefined) {
  return values === undefined ? undefined : { in: [...values] };
}

export function between<T>(min: T | undefined, max: T | undefined) {
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { gte: min } : {}), ...(max !== undefined ? { lte: max } : {}) };
}

export function timeWindow(after?: Date, before?: Date) {
  if (after === undefined && before === undefined) return undefined;
  return { ...(after ? { gt: after } : {}), ...(before ? { lt: before } : {}) };
}

/** The requested order plus the id tie-break that makes paging total. */
export function orderByOf<F extends string>(sort: SortOrder<F>, columns: Record<F, string>) {
  return [{ [columns[sort.field]]: sort.direction }, { id: "asc" as const }];
}

/** Drops undefined entries so Prisma sees only the filters actually given. */
export function compact<T extends Record<string, unknown>>(where: T): Partial<T> {
  return Object.fromEntries(Object.entries(where).filter(([, v]) => v !== undefined)) as Partial<T>;
}
