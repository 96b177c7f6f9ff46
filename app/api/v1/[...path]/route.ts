import { errorResponse } from "@/lib/http/handler";
import { ApiError } from "@/lib/schema/errors";

// Any /api/v1 path no route serves: a 404 in the error shape, never Next's HTML page.
async function notFound(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  return errorResponse(ApiError.notFound(`No endpoint at ${path.slice(0, 200)}; see /api/v1/openapi.json.`), crypto.randomUUID());
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
