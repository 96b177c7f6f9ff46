import { SqliteAdapter, SqliteQueryCompiler, sql, type SqlBool } from "kysely";
import { compileOnly } from "../builder";
import type { Dialect } from "./dialect";
import { DAY_MS } from "../../domain/days";

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
/** "YYYY-MM-DDT" by day since the epoch (a few years of days: cleared if it ever grows past that). */
const dayPrefixes = new Map<number, string>();

/**
 * Epoch milliseconds as Date#toISOString writes them, five times faster: the day's "YYYY-MM-DDT"
 * from a cache, the time of day by arithmetic. Outside years 1970–9999, toISOString itself.
 */
export function isoMillis(value: unknown): string {
  const ms = Number(value);
  if (!(ms >= 0 && ms < 253_402_300_800_000 && Number.isInteger(ms))) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size >= 8_192) dayPrefixes.clear();
    dayPrefixes.set(day, (prefix = new Date(day * DAY_MS).toISOString().slice(0, 11)));
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1_000]}Z`;
}

/** An FTS5 query for `term` as one literal phrase: inside double quotes only `"` is special. */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

export const sqlite: Dialect = {
  kind: "sqlite",
  db: compileOnly(new SqliteAdapter(), new SqliteQueryCompiler()),

  // Timestamps are stored as epoch milliseconds (lib/db/client.ts).
  timestampParam: (value) => value.getTime(),
  timestampSql: (param) => sql<Date>`${param}`,
  booleanParam: (value) => (value ? 1 : 0),

  jsonObject: (pairs) => sql`json_object(${sql.join(pairs.map(([key, value]) => sql`${sql.lit(key)}, ${value}`))})`,
  jsonArray: (items) => sql`json_array(${sql.join(items)})`,
  jsonText: (json) => json,
  jsonArrayAgg: (item, order) => sql`json_group_array(${item} ORDER BY ${order})`,
  timestampJson: (column) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`,
  // strftime was a third of an export's statement (docs/performance.md, "CSV exports"): the epoch
  // milliseconds are read as a number (`+ 0`: an expression, so no driver takes it for a date)
  // and written as Date#toISOString writes them, the same text to the millisecond.
  exportTimestamp: (column) => ({ sql: sql`${column} + 0`, text: isoMillis }),
  // One pass of GLOB's character class instead of an instr per character.
  holdsAnyOf: (text, chars) => sql`${text} GLOB ${sql.lit(`*[${chars.join("")}]*`)}`,
  booleanJson: (column) => sql`CASE WHEN ${column} THEN json('true') ELSE json('false') END`,
  listJson: (column) => sql`json(${column})`,

  // Every index entry carries the rowid; a lookup by rowid skips the descent through the id index.
  rowKey: "rowid",
  // The same plan runs faster with the page size written out
  // (docs/performance-decisions.md, "SQLite literal page size").
  literalLimit: () => true,
  fence: sql`LIMIT -1`,
  lockRowSql: () => null,

  // instr, not LIKE: LIKE would also fold ASCII case, for nothing here
  // (docs/performance-decisions.md, "Company search").
  containsParam: (term) => term,
  contains: (column, param) => sql<SqlBool>`instr(${column}, ${param}) > 0`,
  // MATCH answers with rowids alone; the key table turns them into ids (docs/performance.md,
  // "Company search"). The trigram tokenizer folds more than lower-casing does, so this is a
  // superset: `contains` decides. Written by hand: Kysely has no FTS5 MATCH.
  searchParam: ftsPhrase,
  searchCandidates: (index, param) =>
    sql<SqlBool>`t.id IN (SELECT k.${sql.ref(index.keyColumn)} FROM ${sql.table(index.ftsTable)} s JOIN ${sql.table(index.keyTable)} k ON k.key = s.rowid WHERE ${sql.table(index.ftsTable)} MATCH ${param})`,

  explain: (text) => {
    const depths = new Map<number, number>();
    return {
      text: `EXPLAIN QUERY PLAN ${text}`,
      lines: (rows) =>
        rows.map((row) => {
          const parent = Number(row.parent);
          const depth = parent === 0 ? 0 : (depths.get(parent) ?? 0) + 1;
          depths.set(Number(row.id), depth);
          return `${"  ".repeat(depth)}${row.detail}`;
        }),
    };
  },
};
