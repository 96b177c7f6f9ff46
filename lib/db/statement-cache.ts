/**
 * Prepared-statement reuse under Prisma's driver adapters (better-sqlite3 here, pg below).
 *
 * @prisma/adapter-better-sqlite3 (6.19) prepares every statement anew: `client.prepare(sql)`,
 * `.bind(args)`, then `.reader`, `.columns()`, `.raw().all()` or `.run()`. Preparing one of our
 * list statements costs about as much as running it (docs/performance.md), and the same few
 * statements run on every request. better-sqlite3 statements are reusable, but `bind()` may be
 * called only once per statement object, so the adapter gets a small per-call view over a cached
 * statement that keeps the call's parameters and raw mode aside and passes them on each call.
 * Everything else (value mapping, errors, transactions) stays Prisma's.
 */
import { LruCache } from "../lru";

interface Statement {
  readonly reader: boolean;
  columns(): unknown[];
  raw(toggle?: boolean): Statement;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}

interface Database {
  prepare(sql: string): Statement;
}

/** One use of a cached statement: what `bind()` and `raw()` would have fixed on a fresh one. */
class StatementCall {
  #params: unknown[] = [];
  #raw = false;
  constructor(private readonly statement: Statement) {}

  get reader(): boolean {
    return this.statement.reader;
  }
  bind(...params: unknown[]): this {
    this.#params = params;
    return this;
  }
  raw(toggle = true): this {
    this.#raw = toggle;
    return this;
  }
  columns(): unknown[] {
    return this.statement.columns();
  }
  all(): unknown[] {
    return this.statement.raw(this.#raw).all(...this.#params);
  }
  get(): unknown {
    return this.statement.raw(this.#raw).get(...this.#params);
  }
  run(): unknown {
    return this.statement.run(...this.#params);
  }
}

/** Makes `db.prepare` reuse statements by SQL text (least recently used evicted past `capacity`). */
export function cacheStatements(db: Database, capacity = 256): void {
  const prepare = db.prepare.bind(db);
  const statements = new LruCache<string, Statement>(capacity);
  db.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = prepare(sql)));
    return new StatementCall(statement) as unknown as Statement;
  };
}

/** Wraps an adapter factory so `prepare` sees every adapter it connects, before Prisma uses it. */
function onConnect<F extends { connect(): Promise<unknown> }>(factory: F, prepare: (adapter: unknown) => void): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    prepare(adapter);
    return adapter;
  };
  return factory;
}

/**
 * Wraps the adapter factory so every connection it opens reuses statements. Fails loudly if a
 * Prisma upgrade changed the adapter's shape, rather than silently losing the cache.
 */
export function withStatementCache<F extends { connect(): Promise<unknown> }>(factory: F): F {
  return onConnect(factory, (adapter) => {
    const client = (adapter as { client?: Partial<Database> }).client;
    if (typeof client?.prepare !== "function") {
      throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its client; revisit lib/db/statement-cache.ts");
    }
    cacheStatements(client as Database);
  });
}

/**
 * PostgreSQL: @prisma/adapter-pg (6.19) sends every statement unnamed, so the server parses it on
 * every call and the client sends its whole text (~3 KB for a list page). Given a `name`, pg
 * prepares a statement once per connection and afterwards sends only the name and the values.
 * Measured on the large data set, indications page, one connection: 850 -> 690 µs per call, and
 * the Node side's CPU 184 -> 105 µs (docs/performance.md, step 18). Planning stays per call with
 * the call's values (PostgreSQL's default plan cache mode keeps custom plans unless a generic one
 * is as cheap), so a skewed team or a rare search term still gets its own plan.
 *
 * A prepared statement lives as long as its connection, so only the first `limit` distinct texts
 * get a name; later ones run unnamed as before. Our hot statements (a few dozen shapes) come first
 * on any server. Queries on a transaction's connection do not pass through the pool and are left
 * as they are.
 */
interface PgPool {
  query(config: unknown, ...rest: unknown[]): unknown;
}

export function nameStatements(pool: PgPool, limit = 200): void {
  const query = pool.query.bind(pool);
  const names = new Map<string, string>();
  pool.query = (config: unknown, ...rest: unknown[]) => {
    const statement = config as { text?: unknown; name?: unknown } | null;
    if (statement && typeof statement === "object" && typeof statement.text === "string" && statement.name === undefined) {
      let name = names.get(statement.text);
      if (name === undefined && names.size < limit) names.set(statement.text, (name = `desk_${names.size + 1}`));
      if (name !== undefined) return query({ ...statement, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/** Wraps the pg adapter factory so its pool names statements; fails loudly if the adapter changed shape. */
export function withNamedStatements<F extends { connect(): Promise<unknown> }>(factory: F): F {
  return onConnect(factory, (adapter) => {
    const pool = (adapter as { underlyingDriver?: () => Partial<PgPool> }).underlyingDriver?.();
    if (typeof pool?.query !== "function") {
      throw new Error("@prisma/adapter-pg no longer exposes its pool; revisit lib/db/statement-cache.ts");
    }
    nameStatements(pool as PgPool);
  });
}
