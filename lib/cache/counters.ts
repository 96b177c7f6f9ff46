import { sql, type RawBuilder } from "kysely";
/**
 * The change counters every cache of data is kept under (lib/cache/registry.ts). Database triggers
 * bump them on every write, whoever writes (the app, a CLI, psql), so an entry read at a counter's
 * value is good for exactly as long as the counter stands:
 * - `table_versions`, one row per name below (migrations 20261126000000_perf_indexes and
 *   20261126020000_auth_version, 20261127110100_auth_version_every_write);
 * - `team_table_versions`, one row per team and table, with the team's row count beside it
 *   (migration 20261127030000_team_versions): a team's list is not invalidated by other teams'
 *   writes;
 * - `company_marks` (migration 20261206000000_company_marks): every write of `companies`, its mark
 *   columns (`mark_price`, `mark_ratio_30d`) included, where `companies` follows every write but
 *   theirs: the marks move daily, and every list showing an issuer's name depends on `companies`.
 *
 * `marks` is the one bumped by its writers, not by triggers: the marks are derived data written
 * only by lib/marks (the updater's upserts, the rebuild's end), and a rebuild writes millions of
 * rows a trigger would each bump (migration 20261206040000_marks_version).
 */
export type Counter = "companies" | "indications" | "trades" | "auth" | "company_marks" | "marks";

/**
 * A counter's current value, as a scalar subquery. Counter and table names are a closed set of our
 * own, written as literals; the team is a parameter.
 */
export function counterSql(name: Counter): RawBuilder<unknown> {
  return sql`(SELECT version FROM table_versions WHERE name = ${sql.lit(name)})`;
}

/** A team's counter for a table; a team none of whose rows was ever written has none yet: 0. */
export function teamCounterSql(table: string, teamId: string): RawBuilder<unknown> {
  return sql`(SELECT COALESCE(MAX(version), 0) FROM team_table_versions WHERE table_name = ${sql.lit(table)} AND team_id = ${teamId})`;
}
