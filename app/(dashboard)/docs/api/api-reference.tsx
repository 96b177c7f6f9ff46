"use client";

import { useEffect, useRef, useState } from "react";
import "swagger-ui-dist/swagger-ui.css";
import "./api-reference.css";

/**
 * The OpenAPI document of GET /api/v1/openapi.json in Swagger UI. Loaded from our own bundle (a
 * chunk Next.js serves, so the page's CSP nonce covers it) and in the browser only; nothing is
 * fetched from elsewhere (no validator badge, no "try it out": read-only).
 *
 * Swagger UI, not Scalar: Scalar 0.8.70 (the last release for Node 20) fails axe with critical
 * violations inside its viewer, and Redoc 2 wants React ≤ 18 (docs/ui.md, "The API viewer at
 * /docs/api").
 */
/**
 * Swagger UI renders an enum parameter, and the examples of a request body or an answer, as a
 * <select> with no label (axe: select-name). Each such control is wrapped in a <label> naming it;
 * Swagger's own React builds the elements.
 */
type SwaggerSystem = { React: { createElement: (type: unknown, props: object | null, ...children: unknown[]) => unknown } };
type ControlProps = { description?: string; keyName?: string };
const labelled =
  (name: (props: ControlProps) => string) =>
  (Original: unknown, system: SwaggerSystem) =>
  (props: ControlProps) =>
    system.React.createElement(
      "label",
      { className: "block" },
      system.React.createElement("span", { className: "sr-only" }, name(props)),
      system.React.createElement(Original, props),
    );
function labelledControls() {
  return {
    wrapComponents: {
      JsonSchemaForm: labelled((props) => props.description || props.keyName || "Value"),
      ExamplesSelect: labelled(() => "Example"),
    },
  };
}

export function ApiReference() {
  const node = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let cancelled = false;
    import("swagger-ui-dist/swagger-ui-es-bundle.js")
      .then(({ default: SwaggerUI }) => {
        if (cancelled || !node.current) return;
        SwaggerUI({
          domNode: node.current,
          url: "/api/v1/openapi.json",
          supportedSubmitMethods: [],
          validatorUrl: null,
          deepLinking: false,
          defaultModelsExpandDepth: 0,
          // Its themes colour numbers and strings below AA contrast on their backgrounds.
          syntaxHighlight: false,
          plugins: [labelledControls],
          onComplete: () => setState("ready"),
        });
      })
      .catch(() => setState("failed"));
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div data-testid="api-reference" className="api-reference rounded-md border border-slate-200 bg-white">
      {state === "loading" ? <p className="p-4 text-sm text-slate-600">Loading the API reference…</p> : null}
      {state === "failed" ? <p className="p-4 text-sm text-red-700">The API reference could not be loaded.</p> : null}
      {/* Swagger UI's own React root: nothing of ours inside. */}
      <div ref={node} />
    </div>
  );
}
