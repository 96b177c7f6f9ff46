import { randomUUID } from "node:crypto";
import { readJsonBody } from "@/lib/schema/body";
import { errorBodyOf } from "@/lib/schema/error-body.mjs";

/**
 * The benchmark's ceiling (docs/performance.md, "What is measured"): a route handler in the same
 * production build that returns a precomputed JSON body of a requested size, with the headers of
 * an API v1 response. What Next.js alone allows on this machine; `npm run bench` compares every
 * endpoint with it. POST and PATCH are the write ceiling: they first read and parse the request
 * body as API v1 does (readJsonBody), then answer 201 (a create) or 200 (a change). It answers
 * 404 unless the server runs with BENCH_CEILING=1, so it is inert in a normal deployment.
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

function notFound(): Response {
  return new Response(JSON.stringify(errorBodyOf("not_found", "Not found.")), {
    status: 404,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

function precomputed(request: Request, status: number): Response {
  const requested = Number(new URL(request.url).searchParams.get("bytes") ?? "1000");
  const bytes = Number.isInteger(requested) && requested >= 0 && requested <= MAX_BYTES ? requested : 1000;
  return new Response(bodyOf(bytes), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": randomUUID(),
    },
  });
}

export function GET(request: Request): Response {
  if (process.env.BENCH_CEILING !== "1") return notFound();
  return precomputed(request, 200);
}

async function written(request: Request, status: number): Promise<Response> {
  if (process.env.BENCH_CEILING !== "1") return notFound();
  // The bench sends bodies our API takes: one this refuses is the bench's bug, and its 500 fails the run.
  await readJsonBody(request);
  return precomputed(request, status);
}

export const POST = (request: Request) => written(request, 201);
export const PATCH = (request: Request) => written(request, 200);
