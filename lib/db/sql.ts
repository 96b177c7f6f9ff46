import type { Dialect } from "./dialect";

/** A statement: its text with the dialect's placeholders, and the values in placeholder order. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** Collects parameters and writes the dialect's placeholders. */
export class SqlWriter {
  readonly values: unknown[] = [];
  constructor(readonly dialect: Dialect) {}

  param = (value: unknown): string => {
    this.values.push(value);
    return this.dialect.placeholder(this.values.length);
  };

  timestamp(value: Date): string {
    const { value: stored, cast } = this.dialect.timestampParam(value);
    return `${this.param(stored)}${cast}`;
  }

  boolean(value: boolean): string {
    return this.param(this.dialect.booleanParam(value));
  }
}

/** A WHERE clause under construction: terms joined by AND. Undefined values add no term. */
export class Conditions {
  readonly terms: string[] = [];
  /**
   * The columns range conditions were added on: unless the range is on the column the page is
   * ordered by, its selectivity decides the best plan (ListQuery.genericPlan).
   */
  readonly rangedColumns: string[] = [];
  constructor(readonly sql: SqlWriter) {}

  equals(column: string, value: string | undefined) {
    if (value !== undefined) this.terms.push(`${column} = ${this.sql.param(value)}`);
  }

  is(column: string, value: boolean | undefined) {
    if (value !== undefined) this.terms.push(`${column} = ${this.sql.boolean(value)}`);
  }

  /** One value: `=`; several: IN (...). */
  oneOf(column: string, values: readonly string[] | undefined) {
    if (values === undefined) return;
    if (values.length === 1) this.terms.push(`${column} = ${this.sql.param(values[0])}`);
    else this.terms.push(`${column} IN (${values.map((v) => this.sql.param(v)).join(", ")})`);
  }

  /** Inclusive range of comparable text (stored decimals, YYYY-MM-DD dates). */
  between(column: string, min: string | undefined, max: string | undefined) {
    if (min !== undefined) this.terms.push(`${column} >= ${this.sql.param(min)}`);
    if (max !== undefined) this.terms.push(`${column} <= ${this.sql.param(max)}`);
    if (min !== undefined || max !== undefined) this.rangedColumns.push(column);
  }

  /** A timestamp column against a point in time. */
  compare(column: string, operator: ">" | "<" | ">=", value: Date | undefined) {
    if (value === undefined) return;
    this.terms.push(`${column} ${operator} ${this.sql.timestamp(value)}`);
    this.rangedColumns.push(column);
  }

  /** `column` contains `term` (lower-cased, no LIKE wildcards: see the dialect). */
  contains(column: string, term: string | undefined) {
    if (term !== undefined) this.terms.push(this.sql.dialect.contains(this.sql.param, column, term));
  }

  raw(term: string) {
    this.terms.push(term);
  }

  toString(): string {
    return this.terms.length ? this.terms.join(" AND ") : "TRUE";
  }
}

/** The WHERE clause `where` writes, on its own (for statements other than a page: totals, counts). */
export function whereSql(dialect: Dialect, where: (conditions: Conditions) => void): { sql: SqlWriter; where: string } {
  const sql = new SqlWriter(dialect);
  const conditions = new Conditions(sql);
  where(conditions);
  return { sql, where: String(conditions) };
}
