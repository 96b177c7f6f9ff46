import { DummyDriver, Kysely, type DialectAdapter, type QueryCompiler, type RawBuilder } from "kysely";
import type { DB } from "../generated/kysely/tables";

/**
 * What a dialect (lib/db/dialect/) is built from, below the dialects and below lib/db/sql.ts, which
 * compiles statements with a dialect: the tables' types, a piece of SQL, a compile-only Kysely.
 */

/** The tables, as prisma-kysely generates them from prisma/models/ (`npm run db:generate`). */
export type Tables = DB;

/** A piece of SQL with its parameters in place (Kysely's `sql` template): expressions, clauses. */
export type Fragment = RawBuilder<unknown>;

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
