/**
 * Next.js calls register() once as the server process starts: it starts SQLite's checkpoints'
 * thread (lib/db/checkpoints.ts), the webhook worker's loop (lib/webhooks/loop.ts) and the marks'
 * updater (lib/marks/loop.ts) in the Node.js runtime of a running server, not while `next build`
 * collects pages, not under vitest, and not when WEBHOOK_WORKER=off or MARKS_WORKER=off.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.VITEST) return;
  const { startCheckpoints } = await import("./lib/db/checkpoints");
  await startCheckpoints();
  if (process.env.MARKS_WORKER !== "off") {
    const { startMarksLoop } = await import("./lib/marks/loop");
    startMarksLoop();
  }
  if (process.env.WEBHOOK_WORKER === "off") return;
  const { startWebhookLoop } = await import("./lib/webhooks/loop");
  startWebhookLoop();
}
