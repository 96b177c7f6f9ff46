import { sessionCookieName } from "../auth/cookies";
import { UNKNOWN_PARAMETER_EXAMPLES } from "./examples";
import { jsonSchema } from "./json-schema";
import { TAGS } from "./operations";
import { documentPaths } from "./paths";
import { errorSchema } from "./responses";
import { webhookDeliveries } from "./webhooks";

/**
 * The OpenAPI 3.1 description of API v1: each operation as its route declares it (lib/http/operations.ts),
 * derived from the same zod schemas that parse the queries and bodies and type the responses, so it
 * cannot drift from what the handlers do.
 */
export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Marketplace desk API",
      version: "1",
      description:
        "Companies, and the caller's team's indications and trades: read, create, change, audited; the marketplace team verifies trades. " +
        "`has_more` is true exactly when a later page exists. See [docs/api.md](/docs/api.md) for every rule.",
      // The marketplace's own service: its terms are the client's data agreement, not an open licence.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    // An internal API: the marketplace's own programs and people, not the public.
    servers: [{ url: serverUrl, "x-internal": true }],
    security: [{ bearer: [] }, { session: [] }],
    tags: TAGS,
    paths: documentPaths(),
    webhooks: webhookDeliveries(),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key (mkd_…), made on the dashboard's API keys page" },
        session: {
          type: "apiKey",
          in: "cookie",
          // The name this server uses: `__Host-` over HTTPS (lib/auth/cookies.ts).
          name: sessionCookieName(),
          description: "The dashboard's sign-in session: the same calls from a signed-in browser",
        },
      },
      schemas: { Error: jsonSchema(errorSchema) },
      examples: UNKNOWN_PARAMETER_EXAMPLES,
    },
  };
}
