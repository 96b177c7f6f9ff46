/**
 * `npm run bench:stream-memory`: what one open live stream costs our own code, without Next.js's
 * server and sockets around it (docs/performance-live.md, "Live streams"). Opens `--streams` streams
 * through the route's handler in-process, as broker@alpha.example with a key minted for the run,
 * against the database DATABASE_URL names (the demo database by default), reads each one's first
 * chunk and keeps it open; then as many again. The first batch pays the process's warm-up (caches,
 * compiled code); the second is the marginal cost. The script runs node with the collector exposed:
 *
 *   npm run bench:stream-memory -- [--streams 500]
 */
import { parseArgs } from "node:util";
import { NextRequest } from "next/server";
import { createApiKey } from "../lib/api-keys/keys";
import { getDb } from "../lib/db/client";

process.env.LOG_LEVEL ??= "silent";

const { values } = parseArgs({ options: { streams: { type: "string", default: "500" } } });
const STREAMS = Number(values.streams);
// Read as the route's module loads, so set before it is imported.
process.env.STREAM_MAX_PER_USER = String(2 * STREAMS + 1);

async function settled(): Promise<NodeJS.MemoryUsage> {
  // Node's global with --expose-gc, undeclared without it.
  if (typeof gc === "undefined") throw new Error("run node with --expose-gc (see the usage above)");
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  return process.memoryUsage();
}

async function main(): Promise<void> {
  const { GET } = await import("../app/api/v1/my/stream/route");
  const user = await getDb().user.findFirstOrThrow({ where: { email: "broker@alpha.example" } });
  const { secret } = await createApiKey(getDb(), { userId: user.id, name: `stream-memory ${new Date().toISOString()}` });
  const open: ReadableStreamDefaultReader<Uint8Array>[] = [];
  const openOne = async () => {
    const response = await GET(new NextRequest("http://127.0.0.1/api/v1/my/stream", { headers: { authorization: `Bearer ${secret}` } }), { params: Promise.resolve({}) });
    if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}`);
    const reader = response.body.getReader();
    await reader.read();
    open.push(reader);
  };
  const perStream = (after: NodeJS.MemoryUsage, before: NodeJS.MemoryUsage, key: "heapUsed" | "rss") => `${((after[key] - before[key]) / STREAMS / 1024).toFixed(1)} KB`;

  await openOne();
  const start = await settled();
  for (let i = 0; i < STREAMS; i++) await openOne();
  const first = await settled();
  for (let i = 0; i < STREAMS; i++) await openOne();
  const second = await settled();
  console.log(`first ${STREAMS} streams: heap ${perStream(first, start, "heapUsed")}, RSS ${perStream(first, start, "rss")} a stream (with the warm-up)`);
  console.log(`next ${STREAMS} streams:  heap ${perStream(second, first, "heapUsed")}, RSS ${perStream(second, first, "rss")} a stream`);
  process.exit(0);
}

void main();
