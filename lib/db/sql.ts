import { expressionBuilder, sql, type AliasedExpression, type Compilable, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from "kysely";
import type { Fragment, Tables } from "./builder";
import type { Dialect } from "./dialect";

/**
 * Statements are built with Kysely (typed column names, placeholders numbered and ordered by the
 * builder) and compiled to text and values here; the engine runs them on its own drivers
 * (lib/db/connection.ts), so Kysely never holds a connection. Why Kysely over string building:
 * docs/performance-decisions.md, "Typed statements".
 */

/** The tables (prisma-kysely's) and a piece of SQL: lib/db/builder.ts, below the dialects. */
export type { Fragment, Tables } from "./builder";
export type TableName = keyof Tables & string;
/** A column of a table's rows. */
export type Column<Row> = keyof Row & string;

/** A statement: its text with the dialect's placeholders, and the values in placeholder order. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** A built statement (a query builder's or a whole raw one) as text and values, for the engine's drivers. */
export function compiled(dialect: Dialect, query: Compilable | Fragment): Sql {
  const { sql: text, parameters } = "isRawBuilder" in query ? query.compile(dialect.db) : query.compile();
  return { text, values: parameters as unknown[] };
}

/** A selected column or expression with its alias. */
export type Selected = AliasedExpression<unknown, string>;

const SLOT = Symbol("slot");

function slotName(value: unknown): string | undefined {
  return typeof value === "object" && value !== null && SLOT in value ? (value as { [SLOT]: string })[SLOT] : undefined;
}

/** Where a template's statement takes a value given per call (typed as the text it stands for). */
export type Slot<P extends string> = (name: P) => string;

const slot: Slot<string> = (name) => ({ [SLOT]: name }) as unknown as string;

/**
 * A statement built and compiled once, its values given per call by name: `build` writes
 * `slot(name)` where a value goes, and may write constants too.
 */
export function compileTemplate<P extends string>(dialect: Dialect, build: (slot: Slot<P>) => Compilable | Fragment): (values: Readonly<Record<P, unknown>>) => Sql {
  const once = compiled(dialect, build(slot));
  return (values) => ({
    text: once.text,
    values: once.values.map((value) => {
      const name = slotName(value);
      if (name === undefined) return value;
      const given = values[name as P];
      if (given === undefined) throw new Error(`the statement's value ${name} is missing`);
      return given;
    }),
  });
}

/**
 * A statement of one shape, compiled once per database (compileTemplate). For the statements each
 * request runs, which would otherwise pay Kysely's building every time (docs/architecture.md,
 * "Typed statements").
 */
export function template<P extends string>(build: (dialect: Dialect, slot: Slot<P>) => Compilable | Fragment): (dialect: Dialect, values: Readonly<Record<P, unknown>>) => Sql {
  const byDialect = new Map<Dialect, (values: Readonly<Record<P, unknown>>) => Sql>();
  return (dialect, values) => {
    let fill = byDialect.get(dialect);
    if (fill === undefined) byDialect.set(dialect, (fill = compileTemplate(dialect, (named: Slot<P>) => build(dialect, named))));
    return fill(values);
  };
}

/** A boolean as a parameter, as the dialect's boolean columns store it. */
export function booleanSql(dialect: Dialect, value: boolean): RawBuilder<boolean> {
  return sql<boolean>`${dialect.booleanParam(value)}`;
}

/** `t.<column>`: the listed table is always read as `t`. */
export function col(column: string): Fragment {
  return sql.ref(`t.${column}`);
}

// Filters are written through an expression builder over `t` alone; the column names are checked
// against the table's row type by Filters' signatures.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const eb: ExpressionBuilder<any, "t"> = expressionBuilder<any, "t">();

/** One term of a WHERE clause: what it tests (its shape), its values, and how it is written from them. */
interface Term {
  shape: string;
  values: readonly unknown[];
  write(values: readonly unknown[]): Expression<SqlBool>;
}

/**
 * A WHERE clause under construction over the table read as `t` (rows of type Row): terms joined
 * by AND. Undefined values add no term. Each term keeps its values apart from its shape, so
 * clauses of one shape can share one compiled statement (lib/db/page-sql.ts).
 */
export class Filters<Row> {
  readonly terms: Term[] = [];
  /**
   * The columns range conditions were added on: unless the range is on the column the page is
   * ordered by, its selectivity decides the best plan (ListQuery.genericPlan).
   */
  readonly rangedColumns: string[] = [];
  constructor(readonly dialect: Dialect) {}

  equals(column: Column<Row>, value: string | undefined) {
    if (value !== undefined) this.add(`${column} =`, [value], ([v]) => eb(col(column), "=", v));
  }

  is(column: Column<Row>, value: boolean | undefined) {
    if (value !== undefined) this.add(`${column} is`, [this.dialect.booleanParam(value)], ([v]) => eb(col(column), "=", v));
  }

  /** Whether a nullable column holds a value: true IS NOT NULL, false IS NULL. */
  present(column: Column<Row>, value: boolean | undefined) {
    if (value !== undefined) this.add(`${column} present ${value}`, [], () => eb(col(column), value ? "is not" : "is", null));
  }

  /** One value: `=`; several: IN (...). */
  oneOf(column: Column<Row>, values: readonly string[] | undefined) {
    if (values === undefined) return;
    this.add(`${column} in ${values.length}`, values, (vs) => (vs.length === 1 ? eb(col(column), "=", vs[0]) : eb(col(column), "in", vs)));
  }

  /** Inclusive range of comparable text (stored decimals, YYYY-MM-DD dates). */
  between(column: Column<Row>, min: string | undefined, max: string | undefined) {
    if (min !== undefined) this.add(`${column} >=`, [min], ([v]) => eb(col(column), ">=", v));
    if (max !== undefined) this.add(`${column} <=`, [max], ([v]) => eb(col(column), "<=", v));
    if (min !== undefined || max !== undefined) this.rangedColumns.push(column);
  }

  /** A timestamp column against a point in time. */
  compare(column: Column<Row>, operator: ">" | ">=" | "<" | "<=", value: Date | undefined) {
    if (value === undefined) return;
    this.add(`${column} ${operator} time`, [this.dialect.timestampParam(value)], ([v]) => eb(col(column), operator, this.dialect.timestampSql(v)));
    this.rangedColumns.push(column);
  }

  /** `column` contains `term` (lower-cased, no LIKE wildcards: see the dialect). */
  contains(column: Column<Row>, term: string | undefined) {
    if (term !== undefined) this.add(`${column} contains`, [this.dialect.containsParam(term)], ([v]) => this.dialect.contains(col(column), v));
  }

  /** A term written by `write` from `values`; `shape` names what it tests, whatever the values. */
  add(shape: string, values: readonly unknown[], write: (values: readonly unknown[]) => Expression<SqlBool>) {
    this.terms.push({ shape, values, write });
  }

  /** What the clause tests without its values: clauses of equal shapes are one statement text. */
  shape(): string {
    return this.terms.map((term) => term.shape).join(" AND ");
  }

  /** The values of the terms, in order. */
  values(): unknown[] {
    return this.terms.flatMap((term) => term.values);
  }

  /**
   * The terms joined by AND (TRUE without any). With `value`, the i-th value (in values()' order)
   * is written as `value(i)` (a template's slot) instead of itself.
   */
  toSql(value?: (index: number) => unknown): Expression<SqlBool> {
    let next = 0;
    const written = this.terms.map((term) => term.write(value ? term.values.map(() => value(next++)) : term.values));
    return written.length ? eb.and(written) : sql<SqlBool>`TRUE`;
  }
}
