/**
 * Case-insensitive substring search over a company's name and legal name that behaves the same on
 * SQLite and PostgreSQL: both sides are lower-cased here, so the database only tests for a
 * substring (`LIKE '%term%'` on PostgreSQL, `instr` on SQLite: lib/db/list-sql.ts companyPageInput).
 *
 * The two databases disagree on escaping LIKE wildcards (PostgreSQL treats "\" as the escape
 * character, SQLite has none unless told). So the wildcard and escape characters are mapped to
 * private-use code points on BOTH sides, in the stored search text and in the query: a LIKE
 * pattern built from user input then has nothing special left in it.
 */
const SPECIAL: Record<string, string> = { "%": "\uE000", _: "\uE001", "\\": "\uE002" };

function neutralise(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (ch) => SPECIAL[ch]);
}

/** Stored in companies.search_text; U+001F separates the names so no match spans both. */
export function companySearchText(name: string, legalName: string): string {
  return `${neutralise(name)}\u001f${neutralise(legalName)}`;
}

/** The term a user's query searches for, in the stored text's form. */
export function companySearchTerm(q: string): string {
  return neutralise(q);
}
