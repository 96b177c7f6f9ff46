// The subset of better-sqlite3's API used by the bulk loader (prisma/seed/large.ts) and the
// benchmark's floor server (bench/floor.ts). The package ships no types and @types/better-sqlite3
// is not a dependency; delete this file if it ever becomes one.
declare module "better-sqlite3" {
  interface RunResult {
    changes: number;
    lastInsertRowid: number | bigint;
  }
  interface Statement {
    run(...params: unknown[]): RunResult;
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
    raw(toggle?: boolean): this;
  }
  interface Database {
    prepare(sql: string): Statement;
    exec(sql: string): this;
    pragma(source: string, options?: { simple?: boolean }): unknown;
    transaction<F extends (...args: never[]) => unknown>(fn: F): F;
    close(): this;
  }
  interface DatabaseConstructor {
    new (filename: string, options?: { readonly?: boolean; fileMustExist?: boolean }): Database;
  }
  const Database: DatabaseConstructor;
  export default Database;
}
