import { isOwnOrigin } from "../security/own-origin.mjs";

/**
 * Cross-site request forgery, for API writes authenticated by the session cookie: a page on
 * another site can make a browser send a "simple" POST (no preflight) with our cookie, and
 * SameSite=Lax does not tell ports or sibling subdomains apart. So such a write must show that it
 * comes from the dashboard itself: `Sec-Fetch-Site: same-origin`, or an `Origin` of this site
 * (lib/security/own-origin.mjs). API keys are not sent by browsers on their own and are not
 * checked here.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (request.headers.get("sec-fetch-site") === "same-origin") return true;
  // A request made in-process (tests) has no Host header: its URL's host is the one it was sent to.
  const header = (name: string) => request.headers.get(name) ?? (name === "host" ? new URL(request.url).host : null);
  return isOwnOrigin(request.headers.get("origin"), header);
}
