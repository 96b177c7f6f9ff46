import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Sql } from "./sql";

/**
 * Statements read together, each answered as its rows' arrays of values. On SQLite they run, in
 * one snapshot, on a thread of their own (lib/db/sqlite-reader.mjs), for the work in the
 * background whose reads would otherwise hold the server's one thread: the marks updater's
 * (docs/performance.md, "Writes").
 */
export type ReadApart = (statements: readonly Sql[]) => Promise<unknown[][][]>;

export interface ReadsApart {
  read: ReadApart;
  /** Ends the thread (a later read starts another). */
  close(): Promise<void>;
}

interface Waiting {
  resolve: (rows: unknown[][][]) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; rows?: unknown[][][]; error?: { message: string; code?: string } };

/** The reads of the SQLite database `file` on a thread started at the first read. */
export function sqliteReadsApart(file: string): ReadsApart {
  let worker: Worker | undefined;
  let last = 0;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };

  const start = () => {
    // The young generation kept small, as the server's memory counts (docs/performance-decisions.md, "Heap limit").
    const thread = new Worker(path.join(process.cwd(), "lib", "db", "sqlite-reader.mjs"), { workerData: { file }, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    thread.on("message", ({ id, rows, error }: Answer) => {
      const w = waiting.get(id);
      waiting.delete(id);
      // Idle, the thread keeps no process alive (a CLI, a test file).
      if (waiting.size === 0) thread.unref();
      if (error) w?.reject(Object.assign(new Error(error.message), { code: error.code }));
      else w?.resolve(rows ?? []);
    });
    thread.on("error", (error) => failAll(error));
    thread.on("exit", (code) => {
      if (worker === thread) worker = undefined;
      failAll(new Error(`the SQLite reads' thread exited (code ${code})`));
    });
    return thread;
  };

  return {
    read(statements) {
      const thread = (worker ??= start());
      const id = ++last;
      thread.ref();
      thread.postMessage({ id, statements: statements.map(({ text, values }) => ({ text, values })) });
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
