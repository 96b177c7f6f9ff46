import type { Expression, Kysely, RawBuilder, SqlBool } from "kysely";
import type { Fragment, Tables } from "../builder";
import type { DatabaseKind } from "../url";

/**
 * Everything the engine writes differently per database, behind one interface: the engine and the
 * resources' queries build one statement text from these pieces and never ask which database
 * they are on. Each implementation lives in its own file.
 */
export interface Dialect {
  readonly kind: DatabaseKind;
  /** The statement builder for this database (compile only: lib/db/builder.ts). */
  readonly db: Kysely<Tables>;

  /** A point in time as the timestamp columns store it: a parameter's value for `timestampSql`. */
  timestampParam(value: Date): unknown;
  /** `timestampParam`'s value (or a template's slot for it) as a timestamp in a statement. */
  timestampSql(param: unknown): RawBuilder<Date>;
  /** A boolean as the boolean columns store it, as a parameter's value (lib/db/sql.ts booleanSql). */
  booleanParam(value: boolean): unknown;

  /** A JSON object from `key, expression` pairs, in order. */
  jsonObject(pairs: readonly (readonly [string, Fragment])[]): Fragment;
  /** A JSON array of the expressions, in order (`[]` of none). */
  jsonArray(items: readonly Fragment[]): Fragment;
  /** A JSON value (`jsonObject`'s) as text, as a statement returns it to be parsed or passed on. */
  jsonText(json: Fragment): Fragment;
  /** The JSON array of `item` over the rows in `order`, as text; `[]` without rows. */
  jsonArrayAgg(item: Fragment, order: Fragment): Fragment;
  /** A stored timestamp column as JSON: RFC 3339, milliseconds, "Z". */
  timestampJson(column: Fragment): Fragment;
  /**
   * A stored timestamp column as an export reads it (lib/db/export.ts), and, when the database
   * does not write the API's text itself, how the value read becomes that text (the same as
   * timestampJson's).
   */
  exportTimestamp(column: Fragment): { sql: Fragment; text?: (value: unknown) => string };
  /** Whether `text` holds any of `chars` (single characters, none of them `]`, `^` or `\\` on SQLite). */
  holdsAnyOf(text: Fragment, chars: readonly string[]): Fragment;
  /** A stored boolean column as JSON true / false. */
  booleanJson(column: Fragment): Fragment;
  /** A column holding a JSON array as text, as that array. */
  listJson(column: Fragment): Fragment;

  /** The key a row is looked up by fastest, once an index has chosen it. */
  readonly rowKey: string;
  /** Whether a page statement writes its page size as a literal (see lib/db/page-sql.ts). */
  literalLimit(genericPlan: boolean): boolean;
  /** A clause that keeps the planner from inlining a subquery into the outer query. */
  readonly fence: Fragment;
  /**
   * The statement that locks row `$1` of `table` until the transaction ends, or null where a
   * write transaction already excludes every other writer (SQLite).
   */
  lockRowSql(table: string): string | null;

  /** The parameter `contains` tests with, for `term` (already lower-cased, no LIKE wildcards left). */
  containsParam(term: string): string;
  /** `column` contains the term of `param` (containsParam's), case-sensitively. */
  contains(column: Fragment, param: unknown): Expression<SqlBool>;
  /** The parameter `searchCandidates` looks up, for `term`. */
  searchParam(term: string): string;
  /** Ids of `index.table` rows whose search text may contain the term of `param` (searchParam's): a superset, from a trigram index. */
  searchCandidates(index: TrigramIndex, param: unknown): Expression<SqlBool>;

  /** The statement that shows `text`'s query plan, and how to print its rows. */
  explain(text: string): { text: string; lines(rows: Record<string, unknown>[]): string[] };
}

/**
 * A trigram index over a text column (the resource declares its names; each dialect knows how its
 * database builds one: lib/companies/search.ts).
 */
export interface TrigramIndex {
  table: string;
  column: string;
  /** SQLite: the FTS5 trigram table and the table mapping its rowids to ids. */
  ftsTable: string;
  keyTable: string;
  keyColumn: string;
}
