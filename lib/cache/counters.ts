/**
 * The change counters every cache of data is kept under (lib/cache/registry.ts). Database triggers
 * bump them on every write, whoever writes (the app, a CLI, psql), so an entry read at a counter's
 * value is good for exactly as long as the counter stands:
 * - `table_versions`, one row per name below (migrations 20261126000000_perf_indexes and
 *   20261126020000_auth_version, 20261127110100_auth_version_every_write);
 * - `team_table_versions`, one row per team and table, with the team's row count beside it
 *   (migration 20261127030000_team_versions): a team's list is not invalidated by other teams'
 *   writes.
 */
export const COUNTERS = ["companies", "indications", "trades", "auth"] as const;
export type Counter = (typeof COUNTERS)[number];

/** A counter's current value, as a scalar subquery; `param` writes the statement's placeholder. */
export function counterSql(param: (value: unknown) => string, name: Counter): string {
  return `(SELECT version FROM table_versions WHERE name = ${param(name)})`;
}

/** A team's counter for a table; a team none of whose rows was ever written has none yet: 0. */
export function teamCounterSql(param: (value: unknown) => string, table: string, teamId: string): string {
  return `(SELECT COALESCE(MAX(version), 0) FROM team_table_versions WHERE table_name = ${param(table)} AND team_id = ${param(teamId)})`;
}
