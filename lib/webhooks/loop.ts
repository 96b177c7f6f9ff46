import "server-only";
import { logger } from "../log/logger";
import { dueEndpoints } from "./due";
import { DeliveryPool } from "./pool";
import { ENDPOINTS_PER_PASS, PROCESS_OWNER, runEndpoint, type RunResult } from "./worker";

/**
 * The worker's loop in the server process (started by instrumentation.ts). Endpoints are delivered
 * several at once (lib/webhooks/pool.ts), each started as soon as it is due and a slot is free:
 * every WEBHOOK_POLL_MS (1 s by default) it looks for due endpoints, and again at once when a run
 * ends that sent something (its run is time-boxed and may have left events behind) or while due
 * endpoints wait for a slot, so a slow receiver holds its own slot and nobody else's. SIGTERM stops
 * it: nothing new starts, and a delivery cut short by the exit left its cursor where it was, so
 * it is sent again later. Answers the stop, which resolves once the runs in flight have ended.
 */
export function startWebhookLoop(): () => Promise<void> {
  const every = Number(process.env.WEBHOOK_POLL_MS ?? 1000);
  const result: RunResult = { delivered: 0, failed: 0 };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let looking = false;
  let again = false;
  let waiting = false;
  const pool = new DeliveryPool(
    (due) => runEndpoint(due, new Date(), {}, PROCESS_OWNER, result),
    (sent) => {
      if (sent > 0 || waiting) look();
    },
  );
  async function lookNow() {
    looking = true;
    try {
      if (!pool.full) {
        const due = await dueEndpoints(new Date(), ENDPOINTS_PER_PASS);
        // Stopped while the look ran: nothing new starts.
        if (!stopped) waiting = pool.offer(due).length > 0;
      }
    } catch (error) {
      logger.error({ err: error }, "webhook pass failed");
    }
    looking = false;
    if (again) look();
  }
  /** Looks for due endpoints now (once more after the look under way, if one is). */
  function look() {
    if (stopped) return;
    again = looking;
    if (looking) return;
    clearTimeout(timer);
    timer = setTimeout(look, every);
    void lookNow();
  }
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await pool.idle();
  };
  process.once("SIGTERM", () => void stop());
  timer = setTimeout(look, every);
  return stop;
}
