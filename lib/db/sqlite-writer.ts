import Database from "better-sqlite3";
import { createCache } from "../cache/registry";
import { lockDeadline, retryWhileBusy } from "./busy";
import type { SqlTx, Writer } from "./writer";

/**
 * SQLite's write transactions on a better-sqlite3 connection of our own (docs/performance-decisions.md,
 * "Writes on their own connection"): Prisma's adapter prepared every statement anew and its client
 * and query compiler were over half a write's CPU. One transaction at a time in this process, in
 * the order asked; `BEGIN IMMEDIATE` takes the write lock another process may hold, waiting on
 * timers (lib/db/busy.ts), never in SQLite's busy handler, which would stall the event loop.
 *
 * Values go in as Prisma's adapter binds them (a Date as epoch milliseconds, a boolean as 0 or 1)
 * and come back as Prisma's raw queries answer them (a DATETIME column as a Date, a BIGINT one as
 * a bigint, a BOOLEAN one as a boolean), so a statement answers the same on either path.
 */
export class SqliteWriter implements Writer {
  #db: Database.Database | undefined;
  readonly #statements = createCache<string, Prepared>("driver.sqliteWriteStatements");
  /** Pragmas asked for before the connection opened, set as it opens. */
  readonly #pragmas = new Map<string, string | number>();
  #held = false;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly file: string) {}

  /** Sets `name` on the connection: now if it is open, else as it opens (it opens once). */
  pragma(name: string, value: string | number): void {
    if (this.#db) this.#db.pragma(`${name} = ${value}`);
    else this.#pragmas.set(name, value);
  }

  async transaction<R>(work: (tx: SqlTx) => Promise<R>, beforeCommit: () => void): Promise<R> {
    await this.#take(lockDeadline());
    try {
      const run = (text: string) => void this.#prepare(text).statement.run();
      await retryWhileBusy(async () => run("BEGIN IMMEDIATE"));
      try {
        const result = await work(this.#tx);
        beforeCommit();
        run("COMMIT");
        return result;
      } finally {
        if (this.#db?.inTransaction) run("ROLLBACK");
      }
    } finally {
      this.#give();
    }
  }

  readonly #tx: SqlTx = {
    $executeRawUnsafe: async (text, ...values) => {
      const { statement } = this.#prepare(text);
      // better-sqlite3 runs a statement that returns rows only with all() (a PRAGMA, RETURNING).
      if (!statement.reader) return statement.run(...values.map(bound)).changes;
      statement.all(...values.map(bound));
      return 0;
    },
    $queryRawUnsafe: async <T>(text: string, ...values: unknown[]) => {
      const { statement, convert } = this.#prepare(text);
      if (!statement.reader) {
        statement.run(...values.map(bound));
        return [] as T;
      }
      const rows = statement.all(...values.map(bound)) as Record<string, unknown>[];
      for (const [column, as] of convert) for (const row of rows) if (row[column] !== null) row[column] = as(row[column]);
      return rows as T;
    },
  };

  #open(): Database.Database {
    if (!this.#db) {
      // timeout 0: a busy database fails at once, and the wait is ours (retryWhileBusy).
      const db = new Database(this.file, { timeout: 0 });
      // As Prisma's connection (lib/db/client.ts): a commit is on disk when it returns.
      db.pragma("synchronous = FULL");
      // SQLite's own default page cache (2 MB), not better-sqlite3's 16 MB: a write touches few
      // pages, and the server's memory counts (docs/performance-decisions.md, "Writes on their own connection").
      db.pragma("cache_size = -2000");
      for (const [name, value] of this.#pragmas) db.pragma(`${name} = ${value}`);
      this.#db = db;
    }
    return this.#db;
  }

  #prepare(text: string): Prepared {
    let prepared = this.#statements.get(text);
    if (!prepared) {
      const statement = this.#open().prepare(text);
      this.#statements.set(text, (prepared = { statement, convert: conversionsOf(statement) }));
    }
    return prepared;
  }

  /** Waits for this process's transaction before it (FIFO) until `deadline`; then fails as busy. */
  async #take(deadline: number): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(turn), 1);
        reject(Object.assign(new Error("database is locked: this process's writes before this one held it past the wait"), { code: "SQLITE_BUSY" }));
      }, Math.max(0, deadline - Date.now()));
      this.#waiting.push(turn);
    });
  }

  #give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

interface Prepared {
  statement: Database.Statement;
  /** The result columns Prisma's raw queries answer in another type than the driver's: each with its conversion. */
  convert: [column: string, as: (value: unknown) => unknown][];
}

/** Prisma's raw query answers by declared column type (its adapter's mapDeclType); the others as the driver gives them. */
const CONVERTERS: Record<string, (value: unknown) => unknown> = {
  DATETIME: (value) => new Date(value as number),
  TIMESTAMP: (value) => new Date(value as number),
  BIGINT: (value) => BigInt(value as number),
  BOOLEAN: (value) => value !== 0,
};

/** The result columns whose declared type Prisma answers otherwise than the driver, each with its conversion. */
function conversionsOf(statement: Database.Statement): Prepared["convert"] {
  if (!statement.reader) return [];
  const convert: Prepared["convert"] = [];
  for (const { name, type } of statement.columns()) {
    const as = type === null ? undefined : CONVERTERS[type.toUpperCase()];
    if (as) convert.push([name, as]);
  }
  return convert;
}

/** A value as Prisma's adapter binds it (timestamps as epoch milliseconds, lib/db/client.ts). */
function bound(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "boolean") return value ? 1 : 0;
  return value ?? null;
}
