import { ApiResult, apiRoute, readOnly } from "@/lib/http/handler";
import { parseQuery } from "@/lib/schema/params";
import { STREAM_HEADERS, openStream, streamParamsSchema } from "@/lib/live/stream";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseQuery(streamParamsSchema, url.searchParams);
  if (!query.ok) throw query.error;
  return new ApiResult(await openStream(request, caller, query.value.cursor), 200, STREAM_HEADERS);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
