"use client";

import dynamic from "next/dynamic";
import "@scalar/api-reference-react/style.css";

// Scalar renders in the browser only (its React wrapper is untested under server rendering).
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading the API reference…</p>,
});

/**
 * The OpenAPI document of GET /api/v1/openapi.json in Scalar's viewer. Nothing is fetched from
 * elsewhere: no web fonts, no "try it" proxy, no telemetry (it must work offline).
 */
export function ApiReference() {
  return (
    <div data-testid="api-reference" className="overflow-hidden rounded-md border border-slate-200 bg-white">
      <ApiReferenceReact
        configuration={{
          url: "/api/v1/openapi.json",
          withDefaultFonts: false,
          hideClientButton: true,
          hideDarkModeToggle: true,
          forceDarkModeState: "light",
          showSidebar: true,
          telemetry: false,
          // Scalar's agent chat asks proxy.scalar.com / api.scalar.com on load: off.
          agent: { disabled: true },
        }}
      />
    </div>
  );
}
