import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { envInteger } from "../env-number";
import { logger } from "../log/logger";
import { getDb, writerOf, type Db } from "./client";
import { databaseKind, databaseUrl, sqliteFilePath } from "./url";

/**
 * SQLite copies its write-ahead log back into the database file (a checkpoint) inside the commit
 * that pushes the log past 1,000 pages: on the server's one thread (better-sqlite3 is synchronous),
 * where it stalled every request for ~15 ms, one commit in seven of a create's. A server process
 * turns that off on the connections that commit, and checkpoints on a thread of its
 * own (lib/db/sqlite-checkpointer.mjs) every SQLITE_CHECKPOINT_MS (200 ms by default): docs/performance.md,
 * "Writes". Should the thread fail, the commits checkpoint again as before.
 */

export interface Checkpoints {
  /** Log frames copied into the database file so far. */
  frames(): number;
  stop(): Promise<void>;
}

/** SQLite's own default: a commit checkpoints once the log passes 1,000 pages. */
const INLINE_PAGES = 1_000;
/**
 * The log starts over only when a write begins with all of it copied, rarer once commits no longer
 * copy it themselves (the large set's creates: up to ~20,000 pages between starts): the file is cut
 * back to this when it starts over.
 */
const LOG_BYTES_KEPT = 64 * 1024 * 1024;

/** Starts the checkpoints' thread for the SQLite database `url` that `db` (the process's client) commits to; null on PostgreSQL. */
export async function startCheckpoints(url = databaseUrl(), everyMs = envInteger(process.env.SQLITE_CHECKPOINT_MS, 10, 60_000, 200), db: Db = getDb()): Promise<Checkpoints | null> {
  if (databaseKind(url) !== "sqlite") return null;
  // On both connections that commit: Prisma's (bookkeeping) and the writer's (transactions).
  const pragma = async (name: string, value: number) => {
    const writer = writerOf(db);
    if ("pragma" in writer) writer.pragma(name, value);
    await db.$queryRawUnsafe(`PRAGMA ${name} = ${value}`);
  };
  const setInline = (pages: number) => pragma("wal_autocheckpoint", pages);
  // Before the thread starts: a thread that fails at once hands checkpoints back after this, not before.
  await pragma("journal_size_limit", LOG_BYTES_KEPT);
  await setInline(0);
  // A loop of one statement: the thread's heap kept small, as the server's memory counts (docs/performance.md, "Targets").
  const resourceLimits = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 };
  const worker = new Worker(path.join(process.cwd(), "lib", "db", "sqlite-checkpointer.mjs"), { workerData: { file: sqliteFilePath(url), everyMs }, resourceLimits });
  let frames = 0;
  let stopping = false;
  worker.on("message", (message: { frames: number }) => (frames += message.frames));
  worker.on("error", (error) => logger.error({ err: error }, "the SQLite checkpoints' thread failed: commits checkpoint again"));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  void exited.then(() => (stopping ? undefined : setInline(INLINE_PAGES).catch(() => undefined)));
  return {
    frames: () => frames,
    async stop() {
      stopping = true;
      worker.postMessage("stop");
      await exited;
      await setInline(INLINE_PAGES);
    },
  };
}
