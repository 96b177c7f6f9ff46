/**
 * Prepared-statement reuse under Prisma's better-sqlite3 driver adapter.
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

/**
 * Wraps the adapter factory so every connection it opens reuses statements. Fails loudly if a
 * Prisma upgrade changed the adapter's shape, rather than silently losing the cache.
 */
export function withStatementCache<F extends { connect(): Promise<unknown> }>(factory: F): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const client = (adapter as { client?: Partial<Database> }).client;
    if (typeof client?.prepare !== "function") {
      throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its client; revisit lib/db/statement-cache.ts");
    }
    cacheStatements(client as Database);
    return adapter;
  };
  return factory;
}
