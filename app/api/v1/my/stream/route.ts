import { ApiResult, readOnly } from "@/lib/http/handler";
import { serveDirectly } from "@/lib/http/direct-route";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { STREAM_HEADERS, openStream } from "@/lib/live/stream";

export const GET = operationRoute(OPERATIONS.streamEvents, async ({ request, caller, input }) => new ApiResult(await openStream(request, caller, input.cursor), 200, STREAM_HEADERS));

// A stream is open for hours: the production server answers it without Next.js's per-request
// state, ~74 KB of heap a stream (docs/performance-live.md, "Live streams").
serveDirectly("/api/v1/my/stream", GET);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
