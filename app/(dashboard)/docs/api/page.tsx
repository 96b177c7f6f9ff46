import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API reference" };

/** /docs/api: the API's OpenAPI document (lib/openapi/openapi.ts, served at /api/v1/openapi.json), rendered. */
export default function ApiDocsPage() {
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            API v1, generated from the same schemas the handlers use. Authenticate with a key from{" "}
            <Link href="/settings/api-keys" className="text-indigo-700 underline">
              API keys
            </Link>
            ; every rule the API follows is in{" "}
            <a href="/docs/api.md" className="text-indigo-700 underline" data-testid="api-guide-link">
              docs/api.md
            </a>
            .
          </>
        }
      />
      <ApiReference />
    </>
  );
}
