import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API reference" };

/** /docs/api: the API's OpenAPI document (lib/openapi/openapi.ts, served at /api/v1/openapi.json), rendered. */
export default function ApiDocsPage() {
  return (
    <>
      <PageHeader title="API reference" description="API v1, generated from the same schemas the handlers use. Authenticate with an API key from Settings." />
      <ApiReference />
    </>
  );
}
