/**
 * The security headers of every response (issue 16), in one place: next.config.ts sends the fixed
 * ones on every path, proxy.ts adds each page's Content-Security-Policy with a fresh nonce (Next.js
 * reads the nonce from the request's CSP and puts it on its own scripts). Decisions and the
 * reasons for each value: docs/security.md.
 */

/** An environment to read settings from (process.env by default; tests pass their own). */
export type Env = Record<string, string | undefined>;

/** Sent with every page, API answer, image and build asset. */
export const FIXED_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  // frame-ancestors 'none' in the CSP; X-Frame-Options for browsers that predate it.
  "X-Frame-Options": "DENY",
};

/** What is not a page (the API, logos, build assets) needs no script, style or frame at all. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Two years, subdomains included: only sent over HTTPS. */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * What next.config.ts sends with every answer that is not a page, as one set: for the routes the
 * production server answers without Next.js (lib/http/direct-route.ts).
 */
export function nonPageHeaders(https: boolean): Record<string, string> {
  return { ...FIXED_SECURITY_HEADERS, "Content-Security-Policy": NON_PAGE_CSP, ...(https ? { "Strict-Transport-Security": HSTS } : {}) };
}

/** The public origin is HTTPS: NEXTAUTH_URL says so (cookies, HSTS). */
export function httpsByConfig(env: Env = process.env): boolean {
  return (env.NEXTAUTH_URL ?? "").trim().toLowerCase().startsWith("https://");
}

/** This request came over HTTPS: by configuration, or the TLS-terminating proxy says so. */
export function isHttpsRequest(headers: Pick<Headers, "get">, env: Env = process.env): boolean {
  return httpsByConfig(env) || (headers.get("x-forwarded-proto") ?? "").split(",")[0].trim().toLowerCase() === "https";
}

/**
 * A page's policy: scripts only with this response's nonce (and what they load, 'strict-dynamic'),
 * styles from our origin (plus inline style attributes, which React writes), images from our
 * origin and data: URLs, no plugins, no framing, forms and base URL only to ourselves.
 */
export function pageCsp(nonce: string, { dev = false, https = false } = {}): string {
  return [
    "default-src 'self'",
    // Next's dev server evaluates code (React's dev tools, hot reload); production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
