import { ApiResult, apiRoute, readOnly } from "@/lib/http/handler";
import { serveDirectly } from "@/lib/http/direct-route";
import { parseQuery } from "@/lib/schema/params";
import { STREAM_HEADERS, openStream, streamParamsSchema } from "@/lib/live/stream";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseQuery(streamParamsSchema, url.searchParams);
  if (!query.ok) throw query.error;
  return new ApiResult(await openStream(request, caller, query.value.cursor), 200, STREAM_HEADERS);
});

// A stream is open for hours: the production server answers it without Next.js's per-request
// state, ~74 KB of heap a stream (docs/performance.md, "Live streams").
serveDirectly("/api/v1/my/stream", GET);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
