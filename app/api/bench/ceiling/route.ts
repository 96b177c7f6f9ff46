import { randomUUID } from "node:crypto";

/**
 * The benchmark's ceiling (bench/README in docs/performance.md): a route handler in the same
 * production build that returns a precomputed JSON body of a requested size, with the headers of
 * an API v1 response. What Next.js alone allows on this machine; `npm run bench` compares every
 * endpoint with it. It answers 404 unless the server runs with BENCH_CEILING=1, so it is inert in
 * a normal deployment.
 */

export const dynamic = "force-dynamic";

const MAX_BYTES = 1_000_000;
const bodies = new Map<number, string>();

/** A valid JSON document of exactly `bytes` bytes (ASCII), built once per size. */
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (body === undefined) {
    const frame = '{"pad":""}';
    body = bytes <= frame.length ? "{}" : `{"pad":"${"x".repeat(bytes - frame.length)}"}`;
    bodies.set(bytes, body);
  }
  return body;
}

export function GET(request: Request): Response {
  if (process.env.BENCH_CEILING !== "1") {
    return new Response(JSON.stringify({ error: { code: "not_found", message: "Not found.", param: null } }), {
      status: 404,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }
  const requested = Number(new URL(request.url).searchParams.get("bytes") ?? "1000");
  const bytes = Number.isInteger(requested) && requested >= 0 && requested <= MAX_BYTES ? requested : 1000;
  return new Response(bodyOf(bytes), {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": randomUUID(),
    },
  });
}
