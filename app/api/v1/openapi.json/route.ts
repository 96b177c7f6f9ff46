import { otherMethods } from "@/lib/api/handler";
import { publicOrigin } from "@/lib/api/origin";
import { openApiDocument } from "@/lib/api/openapi";

// The API's description is public: it holds no data, and tools fetch it without credentials.
export function GET(request: Request) {
  return Response.json(openApiDocument(`${publicOrigin(request)}/api/v1`));
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
