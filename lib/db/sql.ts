import {
  DummyDriver,
  Kysely,
  expressionBuilder,
  sql,
  type AliasedExpression,
  type Compilable,
  type DialectAdapter,
  type Expression,
  type ExpressionBuilder,
  type QueryCompiler,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import type { DB } from "../generated/kysely/tables";
import type { Dialect } from "./dialect";

/**
 * Statements are built with Kysely (typed column names, placeholders numbered and ordered by the
 * builder) and compiled to text and values here; the engine runs them on its own drivers
 * (lib/db/driver.ts), so Kysely never holds a connection. Why Kysely over string building:
 * docs/architecture.md, "Typed statements".
 */

/** The tables, as prisma-kysely generates them from prisma/models.prisma (`npm run db:generate`). */
export type Tables = DB;
export type TableName = keyof Tables & string;
/** A column of a table's rows. */
export type Column<Row> = keyof Row & string;

/** A piece of SQL with its parameters in place (Kysely's `sql` template): expressions, clauses. */
export type Fragment = RawBuilder<unknown>;

/** A statement: its text with the dialect's placeholders, and the values in placeholder order. */
export interface Sql {
  text: string;
  values: unknown[];
}

/** A Kysely instance that only compiles: its driver never connects. */
export function compileOnly(adapter: DialectAdapter, compiler: QueryCompiler): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => new DummyDriver(),
      createIntrospector: () => {
        throw new Error("compile-only");
      },
      createQueryCompiler: () => compiler,
    },
  });
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

/**
 * A statement built and compiled once per database, its values given per call by name: `build`
 * writes `slot(name)` where a value goes, and may write constants too. For the statements each
 * request runs with one shape, which would otherwise pay Kysely's building every time
 * (docs/architecture.md, "Typed statements").
 */
export function template<P extends string>(build: (dialect: Dialect, slot: Slot<P>) => Compilable | Fragment): (dialect: Dialect, values: Readonly<Record<P, unknown>>) => Sql {
  const texts = new Map<Dialect, Sql>();
  const slot: Slot<P> = (name) => ({ [SLOT]: name }) as unknown as string;
  return (dialect, values) => {
    let once = texts.get(dialect);
    if (once === undefined) texts.set(dialect, (once = compiled(dialect, build(dialect, slot))));
    return {
      text: once.text,
      values: once.values.map((value) => {
        const name = slotName(value);
        return name === undefined ? value : values[name as P];
      }),
    };
  };
}

/** `t.<column>`: the listed table is always read as `t`. */
export function col(column: string): Fragment {
  return sql.ref(`t.${column}`);
}

// Filters are written through an expression builder over `t` alone; the column names are checked
// against the table's row type by Filters' signatures.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const eb: ExpressionBuilder<any, "t"> = expressionBuilder<any, "t">();

/**
 * A WHERE clause under construction over the table read as `t` (rows of type Row): terms joined
 * by AND. Undefined values add no term.
 */
export class Filters<Row> {
  readonly terms: Expression<SqlBool>[] = [];
  /**
   * The columns range conditions were added on: unless the range is on the column the page is
   * ordered by, its selectivity decides the best plan (ListQuery.genericPlan).
   */
  readonly rangedColumns: string[] = [];
  constructor(readonly dialect: Dialect) {}

  equals(column: Column<Row>, value: string | undefined) {
    if (value !== undefined) this.terms.push(eb(col(column), "=", value));
  }

  is(column: Column<Row>, value: boolean | undefined) {
    if (value !== undefined) this.terms.push(eb(col(column), "=", this.dialect.boolean(value)));
  }

  /** One value: `=`; several: IN (...). */
  oneOf(column: Column<Row>, values: readonly string[] | undefined) {
    if (values === undefined) return;
    this.terms.push(values.length === 1 ? eb(col(column), "=", values[0]) : eb(col(column), "in", values));
  }

  /** Inclusive range of comparable text (stored decimals, YYYY-MM-DD dates). */
  between(column: Column<Row>, min: string | undefined, max: string | undefined) {
    if (min !== undefined) this.terms.push(eb(col(column), ">=", min));
    if (max !== undefined) this.terms.push(eb(col(column), "<=", max));
    if (min !== undefined || max !== undefined) this.rangedColumns.push(column);
  }

  /** A timestamp column against a point in time. */
  compare(column: Column<Row>, operator: ">" | "<" | ">=", value: Date | undefined) {
    if (value === undefined) return;
    this.terms.push(eb(col(column), operator, this.dialect.timestamp(value)));
    this.rangedColumns.push(column);
  }

  /** `column` contains `term` (lower-cased, no LIKE wildcards: see the dialect). */
  contains(column: Column<Row>, term: string | undefined) {
    if (term !== undefined) this.terms.push(this.dialect.contains(col(column), term));
  }

  /** A term the dialect or the engine writes itself (a search index's candidates, a page's start). */
  add(term: Expression<SqlBool>) {
    this.terms.push(term);
  }

  /** The terms joined by AND (TRUE without any). */
  toSql(): Expression<SqlBool> {
    return this.terms.length ? eb.and(this.terms) : sql<SqlBool>`TRUE`;
  }
}
