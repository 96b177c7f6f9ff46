import type { Dialect } from ".";

/** A timestamp column as RFC 3339 text with milliseconds and "Z" (timestamp(3) holds UTC). */
const timestampText = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const postgres: Dialect = {
  kind: "postgres",

  placeholder: (index) => `$${index}`,
  // timestamp(3) without time zone holds UTC (Prisma's convention): compare with the UTC wall time.
  timestampParam: (value) => ({ value: value.toISOString().slice(0, -1), cast: "::timestamp" }),
  booleanParam: (value) => value,

  jsonObject: (pairs) => `json_build_object(${pairs.join(", ")})`,
  jsonText: (json) => `${json}::text`,
  jsonArrayAgg: (item, order) => `coalesce(json_agg(${item} ORDER BY ${order}), '[]'::json)::text`,
  timestampJson: timestampText,
  exportTimestamp: (column) => ({ sql: timestampText(column) }),
  holdsAnyOf: (text, chars) => `${text} ~ '[${chars.map((c) => (/[\\\]^-]/.test(c) ? `\\${c}` : c)).join("").replaceAll("'", "''")}]'`,
  booleanJson: (column) => column,
  listJson: (column) => `${column}::json`,

  rowKey: "id",
  // A parameter lets range filters keep custom plans; literals only where the best plan does not
  // depend on the values, so one generic plan serves every call
  // (docs/performance.md, "PostgreSQL generic plans").
  literalLimit: (genericPlan) => genericPlan,
  fence: "OFFSET 0",
  // NO KEY UPDATE: it excludes the other lockers all the same, but not the key-share lock a
  // foreign key takes on the row (a create's INSERT references its team's row before it locks
  // it: FOR UPDATE made two concurrent creates of one team deadlock).
  lockRowSql: (table) => `SELECT 1 FROM ${table} WHERE id = $1 FOR NO KEY UPDATE`,

  listHasLower: (param, column, value) =>
    `EXISTS (SELECT 1 FROM json_array_elements_text(${column}::json) r(value) WHERE lower(r.value) = ${param(value)})`,
  // A plain LIKE is case-sensitive here, and the pg_trgm GIN index can serve it.
  contains: (param, column, term) => `${column} LIKE ${param(`%${term}%`)}`,
  // The same test again, as a semi-join: it makes the match look rarer to the planner, which then
  // takes the trigram index instead of reading names in order (docs/performance.md, "Company search").
  searchCandidates: (param, index, term) =>
    `t.id IN (SELECT s.id FROM ${index.table} s WHERE s.${index.column} LIKE ${param(`%${term}%`)})`,

  explain: (text) => ({
    text: `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`,
    lines: (rows) => rows.map((row) => String(row["QUERY PLAN"])),
  }),
};
