import { PostgresAdapter, PostgresQueryCompiler, sql, type SqlBool } from "kysely";
import { compileOnly, type Fragment } from "../builder";
import type { Dialect } from "./dialect";

/** The key columns after `id` of the tables whose rows share an id (prisma/models/, `@@id`). */
const KEY_AFTER_ID: Readonly<Record<string, string>> = { deals: "team_id" };

/** A timestamp column as RFC 3339 text with milliseconds and "Z" (timestamp(3) holds UTC). */
const timestampText = (column: Fragment) => sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const postgres: Dialect = {
  kind: "postgres",
  db: compileOnly(new PostgresAdapter(), new PostgresQueryCompiler()),

  // timestamp(3) without time zone holds UTC (Prisma's convention): compare with the UTC wall time.
  timestampParam: (value) => value.toISOString().slice(0, -1),
  timestampSql: (param) => sql<Date>`${param}::timestamp`,
  booleanParam: (value) => value,

  // Compact JSON, the same bytes as SQLite's: json_build_object writes `"key" : value, ` and
  // json_agg adds newlines, while row_to_json writes a row's columns as `{"key":value}` in column
  // order (jsonb would be compact too, but sorts the keys).
  jsonObject: (pairs) => sql`(SELECT row_to_json(json_row) FROM (SELECT ${sql.join(pairs.map(([key, value]) => sql`${value} AS ${sql.id(key)}`))}) json_row)`,
  jsonArray: (items) => sql`json_build_array(${sql.join(items)})`,
  jsonText: (json) => sql`${json}::text`,
  jsonArrayAgg: (item, order) => sql`coalesce('[' || string_agg((${item})::text, ',' ORDER BY ${order}) || ']', '[]')`,
  timestampJson: timestampText,
  exportTimestamp: (column) => ({ sql: timestampText(column) }),
  holdsAnyOf: (text, chars) => sql`${text} ~ ${sql.lit(`[${chars.map((c) => (/[\\\]^-]/.test(c) ? `\\${c}` : c)).join("")}]`)}`,
  booleanJson: (column) => column,
  listJson: (column) => sql`${column}::json`,

  rowKey: "id",
  // A parameter lets range filters keep custom plans; literals only where the best plan does not
  // depend on the values, so one generic plan serves every call
  // (docs/performance-decisions.md, "PostgreSQL generic plans").
  literalLimit: (genericPlan) => genericPlan,
  fence: sql`OFFSET 0`,
  // NO KEY UPDATE: it excludes the other lockers all the same, but not the key-share lock a
  // foreign key takes on the row (a create's INSERT references its team's row before it locks
  // it: FOR UPDATE made two concurrent creates of one team deadlock).
  // The rows of one id (a deal's two party rows, keyed (id, team_id)) are locked in one order, by
  // the whole key: locked in the order each scan met them, three steps on one deal deadlocked.
  lockRowSql: (table) => `SELECT 1 FROM ${table} WHERE id = $1 ORDER BY ${KEY_AFTER_ID[table] ?? "id"} FOR NO KEY UPDATE`,

  // A plain LIKE is case-sensitive here, and the pg_trgm GIN index can serve it.
  containsParam: (term) => `%${term}%`,
  contains: (column, param) => sql<SqlBool>`${column} LIKE ${param}`,
  // The same test again, as a semi-join: it makes the match look rarer to the planner, which then
  // takes the trigram index instead of reading names in order (docs/performance-decisions.md, "Company search").
  searchParam: (term) => `%${term}%`,
  searchCandidates: (index, param) => sql<SqlBool>`t.id IN (SELECT s.id FROM ${sql.table(index.table)} s WHERE s.${sql.ref(index.column)} LIKE ${param})`,

  explain: (text) => ({
    text: `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`,
    lines: (rows) => rows.map((row) => String(row["QUERY PLAN"])),
  }),
};
