/**
 * A server process's webhook worker alone, for app/api/v1/webhook-crash.test.ts: runs the real loop
 * (lib/webhooks/loop.ts) against DATABASE_URL until the test kills it (SIGKILL: a crash).
 * Usage: node --conditions=react-server --import tsx lib/testing/webhook-worker-process.ts
 * (tsx's own CLI runs the script in a child process, which a SIGKILL of the CLI would leave running.)
 */
import { startWebhookLoop } from "@/lib/webhooks/loop";

startWebhookLoop();
