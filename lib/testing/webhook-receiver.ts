import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

/**
 * A webhook receiver of a test file's own on 127.0.0.1 (the only address tests send to), for the
 * file's tests, with WEBHOOK_ALLOWED_HOSTS letting this process's endpoints name it (plain http,
 * loopback); `base` is its origin once the tests run. Closed after them, requests held open included.
 */
export function withWebhookReceiver(handle: RequestListener): { base: string } {
  const receiver = { base: "" };
  const saved = process.env.WEBHOOK_ALLOWED_HOSTS;
  let server: Server;
  beforeAll(async () => {
    process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1:*";
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    receiver.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    process.env.WEBHOOK_ALLOWED_HOSTS = saved;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return receiver;
}
