/**
 * What the CSV exports must write for the JSON API's items, written independently of the exports'
 * own code (lib/domain/csv.ts, lib/db/csv-sql.ts), for the tests that compare the two.
 */

type Item = Record<string, unknown>;

/** A reference (the issuer, a trade's broker): an object, written as its id and its name. */
const isReference = (value: unknown): value is { id: string; name: string } => typeof value === "object" && value !== null && !Array.isArray(value);

/** The header the API's items imply: their keys in order, a reference as issuer.id, issuer.name. */
export function headerOf(item: Item): string[] {
  return Object.entries(item).flatMap(([key, value]) => (isReference(value) ? [`${key}.id`, `${key}.name`] : [key]));
}

const FORMULA = /^[=+\-@\t\r]/;
const cell = (value: string) => (FORMULA.test(value) ? `'${value}` : value);

/** An API item as the CSV must write it (its cells, before quoting). */
export function recordOf(item: Item): string[] {
  return Object.values(item).flatMap((value) => {
    if (isReference(value)) return [value.id, cell(value.name)];
    if (value === null) return [""];
    if (Array.isArray(value)) return [cell(JSON.stringify(value))];
    return [cell(String(value))];
  });
}
