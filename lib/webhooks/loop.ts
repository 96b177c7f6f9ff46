import "server-only";
import { logger } from "../log/logger";
import { runDueDeliveries } from "./worker";

/**
 * The worker's loop in the server process (started by instrumentation.ts): a pass every
 * WEBHOOK_POLL_MS (1 s by default), one pass at a time; a pass that delivered anything is followed
 * at once by the next, since an endpoint's run is time-boxed and may have left events behind (a
 * backlog drains at the receiver's pace, not 1 s at a time). SIGTERM stops it: no new pass starts,
 * and a delivery cut short by the exit left its cursor where it was, so it is sent again later.
 */
export function startWebhookLoop(): void {
  const every = Number(process.env.WEBHOOK_POLL_MS ?? 1000);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    let delivered = 0;
    try {
      ({ delivered } = await runDueDeliveries());
    } catch (error) {
      logger.error({ err: error }, "webhook pass failed");
    }
    if (!stopped) timer = setTimeout(pass, delivered > 0 ? 0 : every);
  };
  process.once("SIGTERM", () => {
    stopped = true;
    clearTimeout(timer);
  });
  timer = setTimeout(pass, every);
}
