/**
 * Where to go after signing in (or out). Only a path on this site is accepted ("/trades?side=bid");
 * anything else (absolute URLs, protocol-relative "//evil.example", backslash tricks, control
 * characters) falls back to the default. This is what prevents sign-in from being an open redirect.
 *
 * The check is on the FINAL, normalised URL, not the raw string: "/.//evil.example",
 * "/..//evil.example", "/%2e//evil.example" and "/a/..//evil.example" all start with one slash
 * but normalise to the path "//evil.example", which a browser reads as another host.
 */
export const DEFAULT_AFTER_SIGN_IN = "/companies";

const PROBE_ORIGIN = "http://desk.invalid";

/** The normalised path + query + hash of a same-origin target, or null. */
function sameOriginPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return null;
  if (!raw.startsWith("/") || raw.includes("\\")) return null;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(raw)) return null;
  if (!URL.canParse(raw, PROBE_ORIGIN)) return null;
  const url = new URL(raw, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // What we return must itself stay on our origin when a browser resolves it.
  if (path.startsWith("//") || new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return null;
  return path;
}

/** The sign-in page's target: a same-origin path, never the sign-in page or the API. */
export function safeCallbackUrl(raw: unknown): string {
  const path = sameOriginPath(raw);
  if (path === null) return DEFAULT_AFTER_SIGN_IN;
  const { pathname } = new URL(path, PROBE_ORIGIN);
  // Going "back" to the sign-in page or to next-auth's endpoints makes no sense.
  if (pathname === "/sign-in" || pathname.startsWith("/api/")) return DEFAULT_AFTER_SIGN_IN;
  return path;
}

/**
 * next-auth's redirect callback: relative or same-origin absolute targets become `baseUrl` + the
 * normalised path; anything else goes to `baseUrl`.
 */
export function sameOriginRedirect(url: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  let target: string | null = null;
  if (url.startsWith("/")) target = sameOriginPath(url);
  else if (URL.canParse(url)) {
    const absolute = new URL(url);
    if (absolute.origin === base.origin) target = sameOriginPath(`${absolute.pathname}${absolute.search}${absolute.hash}`);
  }
  return target === null ? baseUrl : `${base.origin}${target}`;
}
