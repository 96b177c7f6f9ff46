// @ts-check
/**
 * SQLite's WAL checkpoints, on a thread of their own (lib/db/checkpoints.ts): every `everyMs`, a
 * PASSIVE checkpoint (it waits for no reader or writer) on a connection of its own. Plain
 * JavaScript, as the rebuild's writer (lib/marks/sqlite-writer.mjs): a worker loads no TypeScript.
 * Posts `{ frames }` after a checkpoint that copied any; stops at the message "stop".
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/** @type {{ file: string, everyMs: number }} */
const { file, everyMs } = workerData;
const db = new Database(file, { fileMustExist: true, timeout: 0 });
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
let copied = 0;

const timer = setInterval(() => {
  try {
    const { busy, checkpointed } = /** @type {{ busy: number, log: number, checkpointed: number }} */ (checkpoint.get());
    // The WAL starts over once a checkpoint has copied it all: `checkpointed` counts from its start.
    if (checkpointed < copied) copied = 0;
    if (!busy && checkpointed > copied) parentPort?.postMessage({ frames: checkpointed - copied });
    copied = checkpointed;
  } catch (error) {
    // Another process's checkpoint under way: the next tick tries again.
    if (/** @type {{ code?: string }} */ (error).code !== "SQLITE_BUSY") throw error;
  }
}, everyMs);

parentPort?.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
