import { otherMethods, publicApiRoute } from "@/lib/http/handler";
import { publicRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { configuredOrigin } from "@/lib/http/origin";
import { openApiDocument } from "@/lib/openapi/openapi";

// The API's description is public: it holds no data, and tools fetch it without credentials. Its
// server is the configured public address, else relative: the address a request came in on may be
// a bind address (0.0.0.0) or a proxy's internal host.
export const GET = publicRoute(OPERATIONS.getOpenApiDocument, publicApiRoute(() => openApiDocument(`${configuredOrigin()}/api/v1`)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
