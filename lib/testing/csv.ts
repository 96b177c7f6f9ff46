/**
 * What the CSV exports must write for the JSON API's items, written independently of the exports'
 * own code (lib/domain/csv.ts, lib/db/csv-sql.ts), for the tests that compare the two.
 */

type Item = Record<string, unknown>;

/** The header the API's items imply: their keys in order, the issuer as issuer.id, issuer.name. */
export function headerOf(item: Item): string[] {
  return Object.keys(item).flatMap((key) => (key === "issuer" ? ["issuer.id", "issuer.name"] : [key]));
}

const FORMULA = /^[=+\-@\t\r]/;
const cell = (value: string) => (FORMULA.test(value) ? `'${value}` : value);

/** An API item as the CSV must write it (its cells, before quoting). */
export function recordOf(item: Item): string[] {
  return Object.entries(item).flatMap(([key, value]) => {
    if (key === "issuer") {
      const issuer = value as { id: string; name: string };
      return [issuer.id, cell(issuer.name)];
    }
    if (value === null) return [""];
    if (Array.isArray(value)) return [cell(JSON.stringify(value))];
    return [cell(String(value))];
  });
}
