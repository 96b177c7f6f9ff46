import { toStoredDecimal } from "../domain/decimal";
import { counterSql, teamCounterSql, type Counter } from "../cache/counters";
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Dialect } from "./dialect";
import type { ComputedFields } from "./json-sql";
import type { ListQuery, OrderBy, PageStart, RefJoin } from "./list-query";
import { Filters, col, compiled, type Column, type Fragment, type Sql, type TableName, type Tables } from "./sql";

/** The pieces of a list's statements that pages, exports, facets and single rows share. */

// The engine knows no resource: it reads tables by name, and the resources' filters carry the types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;

export function builder(dialect: Dialect): AnyDb {
  return dialect.db as unknown as AnyDb;
}

/** A list's computed fields with its values in place. */
export function computedOf<T>(dialect: Dialect, list: Pick<ListQuery<T>, "computed" | "values">): ComputedFields | undefined {
  return list.computed?.(dialect, (name) => {
    const value = list.values?.[name];
    if (value === undefined) throw new Error(`the list gives no value ${name}`);
    return value;
  });
}

export function orderClause(order: OrderBy): Fragment {
  // The id tie-break is always ascending, whatever the direction of the sort; rows without a
  // value of a nullable column come last (false sorts before true on both databases).
  const sorted = sql`${col(order.column)} ${sql.raw(order.direction === "desc" ? "DESC" : "ASC")}, ${col("id")} ASC`;
  return order.nullable ? sql`(${col(order.column)} IS NULL) ASC, ${sorted}` : sorted;
}

/** An order as a cache key's part. */
export function orderKey(order: OrderBy): string {
  return `${order.column} ${order.direction}${order.nullable ? " nullable" : ""}`;
}

/** The listed table as `t`, with the rows its `ref` fields read joined. */
export function fromList(dialect: Dialect, list: { table: TableName; joins?: readonly RefJoin[] }): AnySelect {
  return joinRefs(builder(dialect).selectFrom(`${list.table} as t`), list.joins);
}

/**
 * The `ref` fields' rows joined. `left`: a LEFT JOIN, which finds the same row (a ref is a foreign
 * key that is never null) and leaves PostgreSQL fewer join orders to weigh (lib/db/item.ts).
 */
export function joinRefs(query: AnySelect, joins: readonly RefJoin[] = [], kind: "inner" | "left" = "inner"): AnySelect {
  return joins.reduce((joined, join) => {
    const [table, id, on] = [`${join.table} as ${join.as}`, `${join.as}.id`, `t.${join.on}`];
    return kind === "left" ? joined.leftJoin(table, id, on) : joined.innerJoin(table, id, on);
  }, query);
}

/**
 * The counter a list's cached facts are kept under: its team's (`team`, the list's own or a
 * template's slot for it), else its table's (lib/cache/counters.ts).
 */
export function listCounterSql(list: { table: TableName; team?: string; counter?: Counter }, team = list.team): Fragment {
  return list.team === undefined ? counterSql(list.counter ?? (list.table as Counter)) : teamCounterSql(list.table, team!);
}

/** The counters of a list's version: its own as `__v`, those it depends on as `__d0`, `__d1`, … */
export function versionColumns<T>(list: ListQuery<T>, team = list.team) {
  return [listCounterSql(list, team).as("__v"), ...(list.dependsOn ?? []).map((name, i) => counterSql(name).as(`__d${i}`))];
}

/**
 * Whether a list is a team's whole list (no condition but its team): its count is then the team's
 * row count, which the same triggers keep in `team_table_versions` (exact, and read in the page's
 * snapshot), so no write makes it recount.
 */
export function isWholeTeam<T>(dialect: Dialect, list: ListQuery<T>): boolean {
  if (list.team === undefined) return false;
  const probe = new Filters<Tables[TableName]>(dialect);
  list.where(probe);
  list.plan?.(probe, undefined);
  return probe.terms.length === 0;
}

/** The rows a list selects: its team first (when it has one), then its own conditions. */
export function selection<T>(dialect: Dialect, list: Pick<ListQuery<T>, "team" | "where">): Filters<Tables[TableName]> {
  const filters = new Filters<Tables[TableName]>(dialect);
  filters.equals("team_id" as Column<Tables[TableName]>, list.team);
  list.where(filters);
  return filters;
}

/** The count of the list's rows and the table's version, in one snapshot. */
export function countSql<T>(dialect: Dialect, list: Pick<ListQuery<T>, "table" | "team" | "where" | "counter">): Sql {
  const query = builder(dialect)
    .selectFrom(`${list.table} as t`)
    .select([sql`count(*)`.as("__n"), listCounterSql(list).as("__v")])
    .where(selection(dialect, list).toSql());
  return compiled(dialect, query);
}

/**
 * Adds the rows at or after `start` in the order (sort column in its direction, then id
 * ascending): a range on the sort column, which the index seeks to, and the id tie-break for rows
 * that share the start's value. A sort column is NOT NULL unless the order says `nullable`: then
 * the rows without a value follow all others (orderClause), after a start with a value all of
 * them, after one without only those after its id.
 */
export function addStart<T>(dialect: Dialect, filters: Filters<Tables[TableName]>, list: ListQuery<T>, start: PageStart): void {
  const column = col(list.order.column);
  const kind = (list.fields as Record<string, string>)[list.order.column];
  const tieBreak = sql.raw(start.inclusive ? ">=" : ">");
  const at = `${list.order.direction} ${start.inclusive ? "on" : "after"}`;
  if (start.value === null) {
    if (!list.order.nullable) throw new Error(`a start without a value in the order by ${list.order.column}, which is not nullable`);
    filters.add(`from none ${at}`, [start.id], ([id]) => sql<SqlBool>`${column} IS NULL AND ${col("id")} ${tieBreak} ${id}`);
    return;
  }
  const stored = kind === "timestamp" ? dialect.timestampParam(new Date(start.value)) : kind === "decimal" ? toStoredDecimal(start.value) : start.value;
  const value = (param: unknown) => (kind === "timestamp" ? dialect.timestampSql(param) : sql`${param}`);
  const beyond = sql.raw(list.order.direction === "desc" ? "<" : ">");
  const seek = (from: unknown, beyondFrom: unknown, id: unknown) =>
    sql<SqlBool>`${column} ${beyond}= ${value(from)} AND (${column} ${beyond} ${value(beyondFrom)} OR ${col("id")} ${tieBreak} ${id})`;
  if (list.order.nullable) {
    filters.add(`from ${kind} ${at} or none`, [stored, stored, start.id], ([from, beyondFrom, id]) => sql<SqlBool>`(${column} IS NULL OR (${seek(from, beyondFrom, id)}))`);
  } else filters.add(`from ${kind} ${at}`, [stored, stored, start.id], ([from, beyondFrom, id]) => seek(from, beyondFrom, id));
}
