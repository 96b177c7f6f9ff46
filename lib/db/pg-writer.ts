import pg from "pg";
import { statementNames } from "./connection";
import type { SqlTx, Writer } from "./writer";

/**
 * PostgreSQL's write transactions on a connection of the pool Prisma's adapter shares
 * (docs/performance-decisions.md, "Writes on their own connection"): `BEGIN`, the work's
 * statements, `COMMIT`. In Prisma's interactive transaction every statement went unnamed, so
 * PostgreSQL parsed and planned each on every call; here the first NAMED_STATEMENTS distinct texts
 * are prepared once per connection under a name (as the engine's reads are, lib/db/connection.ts).
 * Locks wait at most the pool's `lock_timeout`; a connection that failed is given back broken.
 *
 * Values go in as Prisma's adapter binds them and come back as Prisma's raw queries answer them (a
 * timestamp as a Date, a bigint as a bigint), so a statement answers the same on either path.
 */
export class PgWriter implements Writer {
  readonly #nameOf = statementNames("desk_w", NAMED_STATEMENTS);

  constructor(readonly pool: pg.Pool) {}

  async transaction<R>(work: (tx: SqlTx) => Promise<R>, beforeCommit: () => void): Promise<R> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(this.#tx(client));
      beforeCommit();
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that cannot roll back is dead: the pool drops it rather than lend it again.
      await client.query("ROLLBACK").catch((failed: Error) => (broken = failed));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  #tx(client: pg.PoolClient): SqlTx {
    const query = (text: string, values: unknown[]) => client.query({ text, values: values.map(bound), name: this.#nameOf(text), types: TYPES });
    return {
      $executeRawUnsafe: async (text, ...values) => (await query(text, values)).rowCount ?? 0,
      $queryRawUnsafe: async <T>(text: string, ...values: unknown[]) => (await query(text, values)).rows as T,
    };
  }
}

/** How many distinct statement texts get a name (statementNames). */
const NAMED_STATEMENTS = 300;

const { builtins } = pg.types;
/** As Prisma's raw queries answer them: timestamps as Dates (timestamp(3) holds UTC), bigints as bigints, numerics as text. */
const PARSERS: Record<number, (text: string) => unknown> = {
  [builtins.TIMESTAMP]: (text) => new Date(`${text.replace(" ", "T")}Z`),
  [builtins.TIMESTAMPTZ]: (text) => new Date(text),
  [builtins.DATE]: (text) => new Date(`${text}T00:00:00Z`),
  [builtins.INT8]: (text) => BigInt(text),
  [builtins.NUMERIC]: (text) => text,
};
const TYPES = {
  getTypeParser: (oid: number, format?: "text" | "binary") => PARSERS[oid] ?? pg.types.getTypeParser(oid, format as "text"),
} as pg.CustomTypesConfig;

/** A value as Prisma's adapter binds it: a Date as timestamp(3)'s UTC wall time (lib/db/dialect/postgres.ts). */
function bound(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, -1);
  return value ?? null;
}
