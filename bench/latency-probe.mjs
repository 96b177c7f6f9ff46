/**
 * The API's latency as one caller feels it, for bench/sign-in-flood.ts: one keep-alive connection,
 * one GET at a fixed rate, each timed to the microsecond. A process of its own, so what it
 * measures is the server, not the event loop of the client that sends the flood.
 *
 *   node bench/latency-probe.mjs <url> <bearer key> <requests per second>
 *
 * Driven over IPC: {type: "open"} starts a window of samples, {type: "close"} answers
 * {type: "window", latencies: [ms, …], failures} for it; {type: "exit"} ends the probe.
 */
import http from "node:http";

const [url, key, ratePerSecond] = process.argv.slice(2);
const interval = 1000 / Number(ratePerSecond);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let window = null;

function get() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: response.statusCode === 200 }));
    });
    request.on("error", () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, ok: false }));
  });
}

let running = true;
async function loop() {
  const start = performance.now();
  for (let i = 1; running; i++) {
    const sample = await get();
    if (window && sample.ok) window.latencies.push(sample.ms);
    else if (window) window.failures++;
    // A fixed schedule: a slow answer is followed at once by the next request, not by a pause.
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  agent.destroy();
}

process.on("message", (message) => {
  if (message.type === "open") window = { latencies: [], failures: 0 };
  if (message.type === "close") {
    process.send({ type: "window", ...window });
    window = null;
  }
  if (message.type === "exit") {
    running = false;
    process.disconnect();
  }
});
void loop();
