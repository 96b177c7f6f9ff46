// @ts-check
/**
 * Whether an `Origin` header names this site: its host is the one the request was sent to
 * (X-Forwarded-Host, else Host, as Next.js checks its server actions) or NEXTAUTH_URL's. A page
 * on another site cannot make a browser send X-Forwarded-Host without a CORS preflight, which
 * nothing here answers. Plain JavaScript, so that the API's session writes
 * (lib/auth/same-origin.ts) and the server in front of Next.js (server/edges.mjs) share it.
 * @param {string | null | undefined} origin
 * @param {(name: string) => string | null | undefined} header a request header by lower-case name
 */
export function isOwnOrigin(origin, header) {
  if (!origin || origin === "null" || !URL.canParse(origin)) return false;
  const host = new URL(origin).host;
  if (host === (header("x-forwarded-host")?.split(",")[0].trim() ?? header("host"))) return true;
  const configured = process.env.NEXTAUTH_URL?.trim();
  return Boolean(configured) && URL.canParse(/** @type {string} */ (configured)) && new URL(/** @type {string} */ (configured)).host === host;
}
