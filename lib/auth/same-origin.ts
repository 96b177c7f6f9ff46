/**
 * Cross-site request forgery, for API writes authenticated by the session cookie: a page on
 * another site can make a browser send a "simple" POST (no preflight) with our cookie, and
 * SameSite=Lax does not tell ports or sibling subdomains apart. So such a write must show that it
 * comes from the dashboard itself: `Sec-Fetch-Site: same-origin`, or an `Origin` whose host is
 * ours, the host Next.js's own server-action check compares with (X-Forwarded-Host, else Host),
 * or NEXTAUTH_URL's. API keys are not sent by browsers on their own and are not checked here.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  if (request.headers.get("sec-fetch-site") === "same-origin") return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const ours = request.headers.get("x-forwarded-host")?.split(",")[0].trim() ?? request.headers.get("host") ?? new URL(request.url).host;
  if (host === ours) return true;
  const configured = process.env.NEXTAUTH_URL?.trim();
  return Boolean(configured) && URL.canParse(configured!) && new URL(configured!).host === host;
}
