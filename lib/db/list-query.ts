import type { Counter } from "../cache/counters";
import type { ApiFields, Computed } from "./json-sql";
import type { Filters, TableName, Tables } from "./sql";

/** What the page engine reads: a list as a resource describes it (lib/<resource>/queries.ts), and a row's place in its order. */

export interface OrderBy {
  column: string;
  direction: "asc" | "desc";
  /**
   * A nullable column: rows without a value come last in either direction, the order being
   * (column IS NULL, column, id), which an index on those expressions reads (one per direction).
   */
  nullable?: boolean;
  /** The API's name of the sort, when it is not the column's (cursors and their messages say it). */
  field?: string;
}

/** The row a `ref` field reads, joined under its name: `JOIN <table> <as> ON <as>.id = t.<on>`. */
export interface RefJoin {
  table: TableName;
  as: string;
  on: string;
}

/** A list as a resource describes it: what to read, which rows, in which order, which page. */
export interface ListQuery<T, TB extends TableName = TableName> {
  /** The table listed, read as `t`; it must have a `table_versions` counter (its triggers bump it). */
  table: TB;
  /**
   * The one team whose rows are listed, if any: the engine adds `t.team_id = team` itself and keeps
   * the list's cached facts under that team's change counter (`team_table_versions`, bumped by the
   * same triggers), so other teams' writes leave them valid (docs/performance.md, "Writes").
   */
  team?: string;
  /** The items' fields (lib/db/json-sql.ts). */
  fields: ApiFields<T>;
  /**
   * Fields computed per row rather than read from their column (lib/db/json-sql.ts
   * ComputedFields), written with the statement's parameters. When they depend on who asks, say so
   * in `viewer`.
   */
  computed?: Computed;
  /** The values `computed` reads, by name. */
  values?: Readonly<Record<string, string>>;
  /** Who the items are shown to, when `computed` depends on it: part of the page's cache key (pageKey). */
  viewer?: string;
  /** The joins of the `ref` fields' rows. */
  joins?: readonly RefJoin[];
  /**
   * The other change counters the items depend on: those of the rows the join reads (`companies`
   * for the issuer's name). Part of the page's version (PageResult.version), nothing else.
   */
  dependsOn?: readonly Counter[];
  /**
   * The counter the list's cached facts (count, page starts) and version are kept under, when its
   * table's does not follow every column its conditions and order read (a company's marks:
   * `company_marks`). Not with `team`.
   */
  counter?: Counter;
  /** The conditions that decide which rows are listed (and counted). */
  where(filters: Filters<Tables[TB]>): void;
  /**
   * Conditions that steer the plan without changing which rows match (say, "among the candidates
   * of a search index"), chosen knowing the scope's last cached count, when there is one. Not
   * part of the count's cache key: the count is the same with or without them.
   */
  plan?(filters: Filters<Tables[TB]>, knownCount: number | undefined): void;
  order: OrderBy;
  limit: number;
  offset: number;
  /**
   * The row the page follows, from a caller's cursor (docs/api/lists.md, "Cursors"): the page starts
   * right after it in the order (`offset` is then 0), and tells whether rows follow it.
   */
  after?: PageKey;
  /**
   * The best plan does not depend on the values (a team, equality filters, a range on the order's
   * column): such a page, from its start, may then write its page size and offset as literals, so
   * PostgreSQL keeps one generic plan (docs/performance-decisions.md, "PostgreSQL generic plans"). Not for a
   * range on another column or a search, whose best plan depends on the value.
   */
  genericPlan?: boolean;
  /**
   * Choose the page's ids first, then read those rows (default). Off for small tables, where the
   * planner may turn the join around and scan the table instead.
   */
  lateLookup?: boolean;
}

/** A row's place in the list's order: its sort field as the API writes it (null: it has none), and its id (the tie-break). */
export interface PageKey {
  value: string | null;
  id: string;
}

/** Where a page starts in the list's order (see ListCache). */
export interface PageStart extends PageKey {
  /** The page's first row (true) or the row just before it (false). */
  inclusive: boolean;
}
