import { otherMethods } from "@/lib/http/handler";
import { publicOrigin } from "@/lib/http/origin";
import { openApiDocument } from "@/lib/openapi/openapi";

// The API's description is public: it holds no data, and tools fetch it without credentials.
export function GET(request: Request) {
  return Response.json(openApiDocument(`${publicOrigin(request)}/api/v1`));
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
