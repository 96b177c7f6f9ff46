import type { TrigramIndex } from "../db/dialect";
import type { Filters } from "../db/sql";
import type { Company } from "../generated/kysely/tables";

/**
 * Company search, in one place: what is stored, how a query's term is matched, and the trigram
 * index that finds candidates fast.
 *
 * Case-insensitive substring search over a company's name and legal name that behaves the same on
 * SQLite and PostgreSQL: both sides are lower-cased here, so the database only tests for a plain
 * substring (the dialect's `contains`). The two databases disagree on escaping LIKE wildcards
 * (PostgreSQL treats "\" as the escape character, SQLite has none unless told), so the wildcard
 * and escape characters are mapped to private-use code points on both sides, in the stored search
 * text and in the term: nothing special is left in a term built from user input.
 *
 * The index (kept by the database itself, so every writer keeps it in step; Prisma's schema does
 * not declare it, migrations create it):
 * - SQLite (migrations 20261126040000_company_search_trigram, 20261126060000_company_search_keys):
 *   `companies_search`, an FTS5 trigram table over `search_text`, and `company_search_keys (key
 *   INTEGER PRIMARY KEY, company_id)`, which turns its rowids into ids (an explicit key: VACUUM may
 *   renumber implicit rowids). Triggers on `companies` keep both in step with every insert, update,
 *   delete and `INSERT OR REPLACE`. After a bulk load, merge the index: SQLITE_SEARCH_OPTIMIZE.
 * - PostgreSQL (migration 20261126040000_company_search_trigram): a pg_trgm GIN index on
 *   `companies.search_text`.
 */
const COMPANY_SEARCH_INDEX: TrigramIndex = {
  table: "companies",
  column: "search_text",
  ftsTable: "companies_search",
  keyTable: "company_search_keys",
  keyColumn: "company_id",
};

/** Merges the SQLite FTS5 index into one segment (a load that adds companies one by one leaves many). */
export const SQLITE_SEARCH_OPTIMIZE = `INSERT INTO companies_search (companies_search) VALUES ('optimize')`;

const SPECIAL: Record<string, string> = { "%": "\uE000", _: "\uE001", "\\": "\uE002" };

/** The term a user's query searches for, in the stored text's form: lower-cased, no LIKE wildcards. */
export function companySearchTerm(text: string): string {
  return text.toLowerCase().replace(/[%_\\]/g, (ch) => SPECIAL[ch]);
}

/** Stored in companies.search_text; U+001F separates the names so no match spans both. */
export function companySearchText(name: string, legalName: string): string {
  return `${companySearchTerm(name)}\u001f${companySearchTerm(legalName)}`;
}

/** The shortest term a trigram index can serve: shorter ones are matched by reading names. */
const TRIGRAM = 3;

/**
 * Whether the index should find a search's matches, or reading names in order should. Reading
 * names stops once the page is full, so it wins for common terms; the index finds every match and
 * sorts them, so it wins for rare ones: it wins while matches² < ~0.2 × companies × (offset +
 * limit) (measured: docs/performance-decisions.md, "Company search"). An unknown count (a term's first request)
 * takes the index, whose worst case is bounded; the count learnt then decides the next requests.
 */
function searchByIndex(knownCount: number | undefined, offset: number, limit: number): boolean {
  return knownCount === undefined || knownCount * knownCount < 2_000 * (offset + limit);
}

/** The condition that decides which companies match `term`. */
export function matchCompanies(w: Filters<Company>, term: string | undefined): void {
  w.contains("search_text", term);
}

/** Narrows a search to the index's candidates when that is the faster way (it never changes the matches). */
export function planCompanySearch(w: Filters<Company>, term: string | undefined, knownCount: number | undefined, page: { offset: number; limit: number }): void {
  if (term === undefined || [...term].length < TRIGRAM || !searchByIndex(knownCount, page.offset, page.limit)) return;
  w.add("search candidates", [w.dialect.searchParam(term)], ([v]) => w.dialect.searchCandidates(COMPANY_SEARCH_INDEX, v));
}
