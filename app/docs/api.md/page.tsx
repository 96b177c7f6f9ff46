import type { Metadata } from "next";
import Link from "next/link";
import { apiReferenceHtml } from "@/lib/docs/reference";
import "./reference.css";

export const metadata: Metadata = { title: "API reference" };

/**
 * The API reference (docs/api.md and docs/api/*.md, as one page), served where every error's
 * `doc_url` points (`/docs/api.md#<code>`), without a session: a program's author follows the link
 * from an error body (docs/api.md, "doc_url").
 */
export default async function ApiReferencePage() {
  const html = await apiReferenceHtml();
  return (
    <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <p className="mb-4 text-xs text-slate-600">
        Marketplace desk · <Link href="/docs/api" className="text-indigo-700 underline">OpenAPI viewer</Link> ·{" "}
        <a href="/api/v1/openapi.json" className="text-indigo-700 underline">openapi.json</a>
      </p>
      {/* Our own markdown, rendered on the server (lib/docs/reference.ts). */}
      <article className="reference" data-testid="api-reference-text" dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}
