import { createCache } from "../cache/registry";
import { sql, type SqlBool } from "kysely";
import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields, type FieldKind } from "./json-sql";
import type { ListQuery, PageStart } from "./list-query";
import { addStart, builder, isWholeTeam, joinRefs, orderClause, orderKey, selection, versionColumns, type AnySelect } from "./list-sql";
import { Filters, compileTemplate, type Fragment, type Selected, type Slot, type Sql, type TableName, type Tables } from "./sql";

/** The statement of one list page (runPage, lib/db/page.ts, runs it). */

interface PageOptions {
  withCount: boolean;
  start?: PageStart;
  knownCount?: number;
}

function teamRowCountSql<T>(list: ListQuery<T>, team: string): Fragment {
  return sql`(SELECT COALESCE(MAX(row_count), 0) FROM team_table_versions WHERE table_name = ${sql.lit(list.table)} AND team_id = ${team})`;
}

function conditionsOf<T>(dialect: Dialect, list: ListQuery<T>, knownCount: number | undefined): Filters<Tables[TableName]> {
  const filters = selection(dialect, list);
  list.plan?.(filters, knownCount);
  return filters;
}

/**
 * The page statement: exactly one row holding `__items` (the page as a JSON array), `__keys`
 * (each row's sort value and id: page starts and cursors), `__v` (the table's version), `__n`
 * (the count, when asked) and, after a cursor, `__more` (1 when a row follows the page), so
 * even a page past the end answers in one statement.
 *
 * The page's ids are chosen first and only its rows are read ("late row lookup"): a deep page
 * walks the covering (scope, sort column, id) index and fetches nothing it skips; from a known
 * `start` the index seeks there instead. The counter and count subqueries are uncorrelated, so
 * each runs once, in the same snapshot as the rows.
 *
 * Pages of one shape (the list's declaration, its filters without their values, the window's
 * kind) are one statement text, compiled once and kept by that shape (`driver.pageStatements`);
 * each call fills in its values.
 */
export function pageSql<T>(dialect: Dialect, list: ListQuery<T>, options: PageOptions): Sql {
  const where = conditionsOf(dialect, list, options.knownCount);
  const start = list.after ? { ...list.after, inclusive: false } : options.start;
  if (start) addStart(dialect, where, list, start);
  const count = !options.withCount ? "none" : isWholeTeam(dialect, list) ? "team" : conditionsOf(dialect, list, options.knownCount);
  const counted = typeof count === "string" ? undefined : count;
  const offset = start ? 0 : list.offset;
  // A range on the column the page is ordered by is read from that column's index whatever its
  // value: only a range elsewhere makes the plan depend on values
  // (docs/performance-decisions.md, "PostgreSQL generic plans").
  const valueDependent = where.rangedColumns.some((column) => column !== list.order.column);
  const genericPage = list.genericPlan === true && !valueDependent && offset === 0;
  const literalLimit = dialect.literalLimit(genericPage);
  if (literalLimit && !(Number.isSafeInteger(list.limit) && list.limit > 0)) throw new RangeError(`bad page size ${list.limit}`);
  const shape = {
    count: counted ? `rows: ${counted.shape()}` : count,
    limit: literalLimit ? list.limit : "?",
    genericPage,
    more: list.after !== undefined,
  };
  const key = [
    dialect.kind,
    declarationId(list.fields),
    list.computed ? declarationId(list.computed) : "",
    list.table,
    (list.joins ?? []).map((join) => `${join.table} ${join.as} ${join.on}`).join(),
    list.team === undefined ? "" : "team",
    (list.dependsOn ?? []).join(),
    list.counter ?? "",
    orderKey(list.order),
    String(list.lateLookup),
    JSON.stringify(shape),
    where.shape(),
  ].join("\u0000");
  let fill = pageStatements.get(key);
  if (fill === undefined) pageStatements.set(key, (fill = compileTemplate(dialect, (slot) => pageStatement(dialect, list, { where, count, literalLimit, genericPage }, slot))));
  const values: Record<string, unknown> = { team: list.team, limit: list.limit, offset };
  for (const [name, value] of Object.entries(list.values ?? {})) values[`value:${name}`] = value;
  where.values().forEach((value, i) => (values[`w${i}`] = value));
  counted?.values().forEach((value, i) => (values[`c${i}`] = value));
  return fill(values);
}

// Page statements by shape (pageSql). Shapes are few per list (its filters present, how many
// values an IN has, the sort, the window's kind), so the bound is never reached in use.
const pageStatements = createCache<string, (values: Readonly<Record<string, unknown>>) => Sql>("driver.pageStatements");

// A number per declaration object (fields, computed), for the shape's key.
const declarations = new WeakMap<object, number>();
let declared = 0;
function declarationId(declaration: object): number {
  let id = declarations.get(declaration);
  if (id === undefined) declarations.set(declaration, (id = ++declared));
  return id;
}

/**
 * What `__keys` writes of each row: the sort column as the API writes it (a column the items show
 * under another name, as ops' team_id, as stored text) and the id, so a cursor names a row
 * whether or not the items show it (the tape).
 */
function keyFields<T>(list: ListQuery<T>): ApiFields<Record<string, string>> {
  const column = list.order.column;
  const kind = (list.fields as Record<string, FieldKind | undefined>)[column] ?? "text";
  return { [column]: kind, id: "text" } as ApiFields<Record<string, string>>;
}

/** The page statement of pageSql, with slots for every value (`team`, `limit`, `offset`, `w<i>`, `c<i>`, `value:<name>`). */
function pageStatement<T>(
  dialect: Dialect,
  list: ListQuery<T>,
  page: { where: Filters<Tables[TableName]>; count: "none" | "team" | Filters<Tables[TableName]>; literalLimit: boolean; genericPage: boolean },
  slot: Slot<string>,
) {
  const db = builder(dialect);
  const order = orderClause(list.order);
  const computed = list.computed?.(dialect, (name) => slot(`value:${name}`));
  const items = dialect.jsonArrayAgg(jsonObjectSql(dialect, list.fields, computed), order);
  const team = slot("team");
  const columns: Selected[] = [items.as("__items"), dialect.jsonArrayAgg(jsonObjectSql(dialect, keyFields(list)), order).as("__keys"), ...versionColumns(list, team)];
  if (page.count === "team") columns.push(teamRowCountSql(list, team).as("__n"));
  else if (page.count !== "none") {
    const rows = page.count.toSql((i) => slot(`c${i}`));
    columns.push(db.selectFrom(`${list.table} as t`).select(sql`count(*)`.as("n")).where(rows).as("__n"));
  }
  const limit = page.literalLimit ? sql.lit(list.limit) : sql<number>`${slot("limit")}`;
  const window = (query: AnySelect) =>
    query
      .where(page.where.toSql((i) => slot(`w${i}`)))
      .orderBy(order)
      .limit(limit)
      .offset(page.genericPage ? sql.lit(0) : sql<number>`${slot("offset")}`);
  // A cursor's page: whether a row follows it, from the same seek (limit + 1 rows at most).
  if (list.after) {
    const following = db.selectFrom(`${list.table} as t`).select(sql.lit(1).as("x")).where(page.where.toSql((i) => slot(`w${i}`))).orderBy(order).limit(1).offset(limit);
    columns.push(sql`CASE WHEN EXISTS ${following} THEN 1 ELSE 0 END`.as("__more"));
  }
  const rowKey = sql`t.${sql.raw(dialect.rowKey)}`;
  const pageRows =
    list.lateLookup === false
      ? db.selectFrom(window(db.selectFrom(`${list.table} as t`).selectAll("t")).as("t"))
      : db
          .selectFrom(window(db.selectFrom(`${list.table} as t`).select(rowKey.as("k"))).as("p"))
          .innerJoin(`${list.table} as t`, (join) => join.on(sql<SqlBool>`${rowKey} = p.k`));
  return joinRefs(pageRows, list.joins).select(columns);
}
