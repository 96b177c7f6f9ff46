/**
 * What a write transaction runs on (lib/db/transaction.ts): a connection of our own on either
 * database (docs/performance-decisions.md, "Writes on their own connection"), SQLite's in
 * lib/db/sqlite-writer.ts, PostgreSQL's in lib/db/pg-writer.ts.
 */

/**
 * What a write's statements run on inside its transaction (lib/db/write-sql.ts): two methods named
 * and typed as Prisma's, which they replaced, binding and answering as Prisma's raw queries did.
 */
export interface SqlTx {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export interface Writer {
  /**
   * Runs `work` in one transaction: committed when it resolves and `beforeCommit` does not throw,
   * rolled back otherwise, the error passed on.
   */
  transaction<R>(work: (tx: SqlTx) => Promise<R>, beforeCommit: () => void): Promise<R>;
}
