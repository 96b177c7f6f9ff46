import "server-only";
import { isWritesShut } from "../db/transaction";
import { envInteger } from "../env-number";
import { logger } from "../log/logger";
import { runMarksPass } from "./updater";

/**
 * The updater's loop in the server process (started by instrumentation.ts, like the webhook
 * worker's): a pass every MARKS_POLL_MS (250 ms by default), so a write's mark is current within
 * a second of its commit on whichever instance holds the lease. Answers the stop, which resolves
 * once the pass under way has ended.
 */
export function startMarksLoop(every = envInteger(process.env.MARKS_POLL_MS, 10, 60_000, 250)): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = runMarksPass()
      .then(() => undefined)
      // A pass the drain's shut gate refused left nothing: the cursor stands, and the next holder redoes it.
      .catch((error: unknown) => (isWritesShut(error) ? logger.info("marks pass refused: the instance is shutting down") : logger.error({ err: error }, "marks pass failed")))
      .finally(() => {
        if (!stopped) timer = setTimeout(pass, every);
      });
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
  process.once("SIGTERM", () => void stop());
  timer = setTimeout(pass, every);
  return stop;
}
