// @ts-check
/**
 * Reads on a thread of their own (lib/db/reads-apart.ts): better-sqlite3 is synchronous, so a read
 * run on the server's thread holds every request meanwhile. Plain JavaScript, as the checkpoints'
 * thread (lib/db/sqlite-checkpointer.mjs): a worker loads no TypeScript. Each message
 * `{ id, statements: [{ text, values }] }` is read in one transaction (one snapshot) and answered
 * `{ id, rows }`, each statement's rows as arrays of values, or `{ id, error }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

/** @type {{ file: string }} */
const { file } = workerData;
// WAL: a reader waits for no writer; the timeout covers only the log's rare recovery.
const db = new Database(file, { fileMustExist: true, timeout: 5_000 });
/** The statements sent so far, by text: the few callers send a few texts. */
const statements = new Map();
const KEPT = 64;

/** @param {string} text */
function prepare(text) {
  let statement = statements.get(text);
  if (!statement) {
    if (statements.size >= KEPT) statements.clear();
    statements.set(text, (statement = db.prepare(text).raw(true)));
  }
  return statement;
}

const readAll = db.transaction((/** @type {{ text: string, values: unknown[] }[]} */ list) => list.map(({ text, values }) => prepare(text).all(...values)));

parentPort?.on("message", (/** @type {{ id: number, statements: { text: string, values: unknown[] }[] }} */ { id, statements: list }) => {
  try {
    parentPort?.postMessage({ id, rows: readAll(list) });
  } catch (error) {
    const { message, code } = /** @type {{ message: string, code?: string }} */ (error);
    parentPort?.postMessage({ id, error: { message, code } });
  }
});
